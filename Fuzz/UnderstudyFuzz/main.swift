// libFuzzer target (built by Fuzz/run.sh with -sanitize=fuzzer -DFUZZING and linked with
// libFuzzer's own main), or in a normal build a replayer of saved inputs, so that every
// crash input stays a regression check:
//
//     Fuzz/run.sh [seconds per target]
//     UNDERSTUDY_FUZZ_TARGET=templates swift run UnderstudyFuzz Fuzz/Regressions/templates
import Foundation

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.selected.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}
#else
let target = FuzzTarget.selected
var replayed = 0
for path in CommandLine.arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    var isDirectory: ObjCBool = false
    _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
    let files = isDirectory.boolValue ? (try? FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)) ?? [] : [url]
    for file in files.sorted(by: { $0.path < $1.path }) {
        target.run(try Data(contentsOf: file))
        replayed += 1
    }
}
print("replayed \(replayed) input(s) through \(target.rawValue) without a crash")
#endif
