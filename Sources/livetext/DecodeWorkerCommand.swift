import ArgumentParser
import LiveTextEngines

/// The decode worker a `DecodeWorkers` pool starts (the daemon's, or this CLI's): decodes the
/// images its parent sends on fd 3, one at a time, under the limits each request sets. Not for
/// users; hidden.
struct DecodeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode-worker",
        abstract: "Decode images for the livetext process that started this one (internal).",
        shouldDisplay: false)

    func run() throws {
        let status = DecodeWorkerService.serve()
        if status != 0 { throw ExitCode(status) }
    }
}
