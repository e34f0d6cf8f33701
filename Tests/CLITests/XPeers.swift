import Foundation
import Synchronization
import Testing
import TestSupport

/// `livetext` run against one test's Xvfb.
extension XPeers {
    /// Runs `livetext` with `DISPLAY` set to `server`, off the cooperative pool.
    static func livetext(_ arguments: [String], on server: TestDisplay,
                         environment: [String: String] = [:]) async throws -> CLIProcess.Outcome {
        let env = server.environment.merging(environment) { $1 }
        return try await CLIProcess.run(arguments, environment: env)
    }

    /// `livetext` started with `arguments`, to be awaited once its selection overlay is up.
    static func livetextSelecting(_ arguments: [String], on server: TestDisplay) async throws -> Task<CLIProcess.Outcome, any Error> {
        let outcome = Mutex<String?>(nil)
        let run = Task {
            let result = try await livetext(arguments, on: server)
            outcome.withLock { $0 = "livetext exited \(result.status): \(result.stderr)" }
            return result
        }
        try await XPeers.waitForSelectionOverlay(on: server) { outcome.withLock { $0 } }
        return run
    }

    /// The JSON document `livetext --json` printed.
    static func document(_ stdout: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }
}
