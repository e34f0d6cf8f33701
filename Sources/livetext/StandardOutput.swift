import Foundation
import LiveTextCore

/// The CLI's stdout. A result that cannot be written (stdout closed, its reader gone, the disk full)
/// ends the command with exit 4, as the environment failing it, and a message on stderr: never a
/// signal, never silence.
enum StandardOutput {
    static func write(_ text: String) throws(LiveTextError) {
        do {
            try StandardStream.output.write(text)
        } catch {
            throw LiveTextError(.unavailable, error.description)
        }
    }

    /// Writes bytes as they are (`preview -o -`).
    static func write(_ data: Data) throws(LiveTextError) {
        do {
            try StandardStream.output.write(data)
        } catch {
            throw LiveTextError(.unavailable, error.description)
        }
    }

    /// Whether a terminal shows stdout (asked once: it does not change while the CLI runs).
    static let isTerminal = StandardStream.output.isTerminal
}
