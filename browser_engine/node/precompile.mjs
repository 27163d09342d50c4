// Build step (browser_engine/pack.py runs it with Node.js): Pyodide's own CPython compiles the
// standard library modules that the in-browser engine loads, so a reader's browser does not
// compile them at every start (that takes seconds: CPython's own start-up imports ~200).
//
//   node precompile.mjs PYODIDE_DIR STDLIB_ZIP CODE_ZIP REQUESTS_JSON OUT_STDLIB_ZIP
//
// It starts Pyodide on STDLIB_ZIP, unpacks our code, answers REQUESTS_JSON through
// browser_engine.entry as the worker does, then writes the standard library zip with each
// module that was loaded compiled: a sourceless .pyc in place of its source (zipimport loads
// it), without docstrings and asserts (as `python -OO` runs the standard library). The other
// modules stay source.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, stdlibZip, codeZip, requestsFile, outStdlib] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const errors = [];
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  stdLibURL: stdlibZip,
  stdout: () => {},
  stderr: (line) => errors.push(line),
});
pyodide.FS.writeFile("/tmp/in-stdlib.zip", new Uint8Array(fs.readFileSync(stdlibZip)));
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(codeZip)), "zip", { extractDir: "/tmp/code" });
pyodide.FS.writeFile("/tmp/requests.json", fs.readFileSync(requestsFile, "utf8"));
// A Python error's message is its whole traceback; Node.js would print the minified line that
// threw (128 KB, which cuts stderr short of the message): the last line is what went wrong.
function pythonFailed(error) {
  const lines = String((error && error.message) || error).trim().split("\n");
  process.stderr.write(lines[lines.length - 1] + "\n");
  process.exit(1);
}

try {
  pyodide.runPython(`
import importlib.util, json, marshal, sys, zipfile
from pathlib import Path

sys.path.insert(0, "/tmp/code")
from browser_engine.entry import handle
from browser_engine.words import word

for request in json.loads(Path("/tmp/requests.json").read_text()):
    answer = json.loads(handle(request))
    if "error" in answer:
        raise SystemExit(f"the engine refused a build request: {answer['error']}")
    asked = json.loads(request)
    if asked["action"] == "run":  # a worked example: it plays here as in the build
        same = word("diff.same", asked["lang"])
        if not answer["ok"] or answer.get("difference") != same:
            said = answer.get("problems") or answer.get("difference")
            raise SystemExit(
                f"the example {asked['form']['id'].removesuffix('-variation')} "
                f"({asked['lang']}) plays differently under Pyodide: {said}"
            )

stdlib = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
loaded = {
    module.__spec__.origin[len(stdlib):]
    for module in list(sys.modules.values())
    if getattr(module, "__spec__", None) and (module.__spec__.origin or "").startswith(stdlib)
}
date = (1980, 1, 1, 0, 0, 0)
header = importlib.util.MAGIC_NUMBER + bytes(12)  # no source to check against
with zipfile.ZipFile("/tmp/in-stdlib.zip") as source, zipfile.ZipFile("/tmp/out-stdlib.zip", "w") as out:
    for info in source.infolist():
        data = source.read(info)
        if info.filename in loaded:
            code = compile(data, stdlib + info.filename, "exec", dont_inherit=True, optimize=2)
            out.writestr(zipfile.ZipInfo(info.filename + "c", date), header + marshal.dumps(code))
        else:
            out.writestr(zipfile.ZipInfo(info.filename, date), data)

`);
} catch (error) {
  pythonFailed(error);
}
fs.writeFileSync(outStdlib, pyodide.FS.readFile("/tmp/out-stdlib.zip"));
if (errors.length) process.stderr.write(errors.join("\n") + "\n"); // warnings: shown, not fatal
