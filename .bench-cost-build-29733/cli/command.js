import { parseCommandArgs } from "./args.js";
import { createOutput, outputTo } from "./output.js";
const EXIT_OK = 0;
const EXIT_USAGE = 2;
function defineCommand(spec, runParsed) {
  return {
    spec,
    runParsed,
    async run(argv, deps) {
      const parsed = parseCommandArgs(spec.flags, argv);
      const out = deps.out ? outputTo(deps.out, parsed.ok && parsed.value.json) : createOutput(parsed.ok && parsed.value.json);
      if (!parsed.ok) {
        out.progress(`${spec.name}: ${parsed.error} (see: cli ${spec.name} --help)`);
        return EXIT_USAGE;
      }
      return runParsed(parsed.value, deps, out);
    }
  };
}
export {
  EXIT_OK,
  EXIT_USAGE,
  defineCommand
};
//# sourceMappingURL=command.js.map
