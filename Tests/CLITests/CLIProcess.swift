import Foundation
import TestSupport

/// Runs the built `livetext` binary the way a user or a script does.
struct CLIProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary next to the test bundle (SwiftPM builds it because the tests depend on it).
    static let binary = builtLivetext()

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("AdapterTests/Fixtures")

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
                    timeout: TimeInterval = 120) throws -> Outcome {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        // In-process unless a test says otherwise: a daemon on the developer's bus must not answer.
        env["LIVETEXT_LOCAL"] = "1"
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed stdin and drain both pipes concurrently so no side blocks on a full pipe.
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let stdoutData = Reader(out.fileHandleForReading), stderrData = Reader(err.fileHandleForReading)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "livetext \(arguments) hung"])
        }
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: stdoutData.text(), stderr: stderrData.text())
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class Reader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
