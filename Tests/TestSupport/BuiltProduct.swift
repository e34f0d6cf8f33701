import Foundation

/// The `livetext` binary SwiftPM built beside the test bundle (the tests depend on it), else the
/// debug build of the package that holds `packageFile`.
public func builtLivetext(packageFile: String = #filePath) -> URL {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("livetext")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory.deleteLastPathComponent()
    }
    var root = URL(fileURLWithPath: packageFile).deletingLastPathComponent()
    while root.path != "/", !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
        root.deleteLastPathComponent()
    }
    return root.appendingPathComponent(".build/debug/livetext")
}
