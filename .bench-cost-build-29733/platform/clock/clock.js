const systemClock = { now: () => /* @__PURE__ */ new Date() };
class JumpListeners {
  listeners = /* @__PURE__ */ new Set();
  add(listener) {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
  fire() {
    for (const listener of this.listeners) listener();
  }
}
class ManualClock {
  current;
  jumps = new JumpListeners();
  constructor(start = "2026-01-01T00:00:00.000Z") {
    this.current = new Date(start).getTime();
  }
  now() {
    return new Date(this.current);
  }
  onJump(listener) {
    return this.jumps.add(listener);
  }
  set(at) {
    this.current = new Date(at).getTime();
    this.jumps.fire();
  }
  advance(ms) {
    this.current += ms;
    this.jumps.fire();
    return this.now();
  }
  advanceMinutes(minutes) {
    return this.advance(minutes * 6e4);
  }
}
export {
  JumpListeners,
  ManualClock,
  systemClock
};
//# sourceMappingURL=clock.js.map
