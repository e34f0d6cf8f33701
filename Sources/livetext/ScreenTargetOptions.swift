import ArgumentParser
import LiveTextDesktop

/// The part of the screen a verb works on when it is not all of it: `--monitor`, `--window`,
/// `--region` (at most one).
struct ScreenTargetOptions: ParsableArguments {
    @Option(help: ArgumentHelp("One monitor, by number (0 is the first the X server lists).", valueName: "n"))
    var monitor: Int?

    @Option(help: ArgumentHelp("A window by id, as xwininfo and xdotool print it (0x1a00007).", valueName: "id"))
    var window: String?

    @Option(help: ArgumentHelp("A rectangle in screen pixels.", valueName: "x,y,w,h"))
    var region: String?

    /// How many of the three were given.
    var count: Int { [monitor != nil, window != nil, region != nil].filter { $0 }.count }

    func validate() throws {
        if let monitor, monitor < 0 { throw ValidationError("--monitor counts from 0") }
        _ = try request()
    }

    /// The one given, nil for none; a malformed window id or region is `invalidArgs`.
    func request() throws -> CaptureRequest? {
        if let monitor { return .monitor(monitor) }
        if let window { return try CaptureRequest.window(parsing: window) }
        if let region { return try CaptureRequest.region(parsing: region) }
        return nil
    }
}
