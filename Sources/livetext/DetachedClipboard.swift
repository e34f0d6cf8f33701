import Foundation
import LiveTextCore

/// Copies text so that it outlives this process: a detached `livetext serve-clipboard` owns the
/// selection, hands the text to a clipboard manager when one runs, and otherwise keeps serving it
/// until something else is copied. This process returns once the copy is on the clipboard.
enum DetachedClipboard {
    static func copy(_ text: String, alsoPrimary: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["serve-clipboard"] + (alsoPrimary ? ["--primary"] : [])
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw LiveTextError(.failed, "cannot start the clipboard server: \(error.localizedDescription)")
        }
        // The text first (the server reads it all before it takes the selection), then its word.
        let writer = input.fileHandleForWriting
        try? writer.write(contentsOf: Data(text.utf8))
        try? writer.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        if String(decoding: answer, as: UTF8.self).hasPrefix(ServeClipboardCommand.readyLine) { return }
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map(String.init) ?? ""
        let reason = said.hasPrefix("livetext: ") ? String(said.dropFirst("livetext: ".count)) : said
        let status = process.terminationStatus
        let code: LiveTextError.Code = status == 4 ? .unavailable : .failed
        throw LiveTextError(code, reason.isEmpty ? "the clipboard server failed (exit \(status))" : reason)
    }
}
