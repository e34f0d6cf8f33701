import Foundation
import Testing
import TestSupport

/// The second start that sets `OMP_THREAD_LIMIT` (ThreadLimit): for the verbs that read with
/// tesseract in their own process, not for those that never do (`hotkey` runs on every press of
/// a Wayland desktop's keybinding).
@Suite("the OpenMP thread limit")
struct ThreadLimitTests {
    @Test("started without OMP_THREAD_LIMIT, analyze runs again with it set; detect (no OCR, as hotkey) runs as started")
    func secondStartOnlyWhereOCRRuns() async throws {
        #expect(try await Self.environment(of: ["analyze", "-"])["OMP_THREAD_LIMIT"] == "1")
        #expect(try await Self.environment(of: ["detect"]).keys.contains("OMP_THREAD_LIMIT") == false)
    }

    /// The environment livetext `arguments` runs with, started without `OMP_THREAD_LIMIT`: read
    /// from /proc once it waits for its standard input (a pipe left open).
    static func environment(of arguments: [String]) async throws -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["OMP_THREAD_LIMIT"] = nil
        environment["XDG_CONFIG_HOME"] = "/nonexistent/livetext-tests"
        environment["LIVETEXT_LOCAL"] = "1"
        let process = Process()
        process.executableURL = builtLivetext()
        process.arguments = arguments
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
        let pid = process.processIdentifier
        // A thread blocked in read(2) (syscall 0) on standard input: past main's second start, if any.
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
            if threads.contains(where: { thread in
                ((try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/syscall", encoding: .utf8)) ?? "").hasPrefix("0 0x0 ")
            }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        let raw = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))
        return parse(String(decoding: raw.map { $0 == 0 ? 0x0A : $0 }, as: UTF8.self))
    }

    static func parse(_ lines: String) -> [String: String] {
        var variables: [String: String] = [:]
        for line in lines.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            variables[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return variables
    }
}
