import Foundation
import LiveTextCore

/// Starts this binary again as a hidden helper verb that outlives this process (it calls
/// `setsid` itself), hands it `input` on stdin, and returns the first line it prints once it is
/// ready. When it exits instead, its last stderr line becomes the error (exit 4: `.unavailable`).
enum DetachedHelper {
    static func start(_ arguments: [String], input: Data, what: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let stdin = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = stdin
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw LiveTextError(.failed, "cannot start the \(what): \(error.localizedDescription)")
        }
        // All the input first (the helper reads it to the end before it acts), then its word.
        let writer = stdin.fileHandleForWriting
        try? writer.write(contentsOf: input)
        try? writer.close()
        let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if let line = answer.split(separator: "\n").first, !line.isEmpty { return String(line) }
        process.waitUntilExit()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n").last.map(String.init) ?? ""
        let reason = said.hasPrefix("livetext: ") ? String(said.dropFirst("livetext: ".count)) : said
        let status = process.terminationStatus
        throw LiveTextError(status == 4 ? .unavailable : .failed,
                            reason.isEmpty ? "the \(what) failed (exit \(status))" : reason)
    }

    /// The helper's side: says `line` to the process that started it, then points stdout and
    /// stderr at /dev/null, since nobody reads them any more and writing to them must not end it.
    static func announce(_ line: String) {
        // The starter that went away meanwhile is no reason to stop: the helper serves others.
        _ = try? StandardStream.output.write(line + "\n")
        let null = open("/dev/null", O_RDWR)
        dup2(null, 1)
        dup2(null, 2)
        close(null)
    }
}
