import Foundation

/// fontconfig's own command-line matcher, the peer the font tests compare with: which family a
/// machine gives for "Sans" depends on the fonts installed (DejaVu on a fresh Debian, Noto once
/// fonts-noto-core is there), and the matcher must agree with fontconfig, whichever it is.
enum FcMatch {
    /// The first family `fc-match` names for `pattern` (e.g. `Sans:bold`).
    static func family(_ pattern: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
        process.arguments = ["-f", "%{family[0]}", pattern]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let family = String(data: data, encoding: .utf8), !family.isEmpty else {
            throw CocoaError(.fileReadUnknown)
        }
        return family
    }
}
