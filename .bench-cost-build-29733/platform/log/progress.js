function startProgress(log, options) {
  const now = options.now ?? (() => performance.now());
  const everyMs = options.everyMs ?? 5e3;
  const started = now();
  let last = started;
  let count = 0;
  const fields = () => {
    const ms = now() - started;
    const perSecond = ms > 0 ? Math.round(count * 1e3 / ms) : 0;
    return {
      what: options.what,
      count,
      ...options.total !== void 0 ? { total: options.total } : {},
      perSecond,
      ms: Math.round(ms)
    };
  };
  const line = (f) => `${options.what}: ${f.count}${f.total !== void 0 ? `/${f.total}` : ""} ${options.unit} (${f.perSecond}/s)`;
  return {
    tick(n = 1) {
      count += n;
      const t = now();
      if (t - last < everyMs) return;
      last = t;
      const f = fields();
      log.info(f, line(f));
    },
    done() {
      const f = fields();
      log.debug(f, `${line(f)}, done`);
      return { count, ms: f.ms };
    }
  };
}
export {
  startProgress
};
//# sourceMappingURL=progress.js.map
