import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextDesktop

/// `livetext serve-clipboard` (hidden): the process `--copy` leaves behind. Reads UTF-8 text on
/// stdin, owns CLIPBOARD (and PRIMARY) with it on the session's display server, prints `ready`
/// once the server confirms, then hands the text to a clipboard manager or keeps serving it
/// until something else is copied.
struct ServeClipboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-clipboard",
        abstract: "Own the clipboard with the text on stdin until something else is copied.",
        shouldDisplay: false)

    static let readyLine = "ready"
    /// Text larger than this is refused rather than held.
    static let maxBytes = 256 << 20

    @Flag(help: "Also own PRIMARY.")
    var primary = false

    func run() throws {
        // Its own session: closing the terminal that ran `livetext --copy` must not end it.
        _ = setsid()
        let data = try BoundedRead.all(FileHandle.standardInput, limit: Self.maxBytes, name: "stdin", what: "text")
        guard let text = String(validating: data, as: UTF8.self) else {
            throw LiveTextError(.invalidArgs, "the text to copy is not UTF-8")
        }
        // The session of the process that ran it (its environment): X11, or a Wayland compositor.
        let desktop = Desktop()
        defer { desktop.close() }
        try desktop.copySynchronously(text, alsoPrimary: primary)
        let handedOff = desktop.copyToHandOn(managerTimeout: .seconds(2)) == nil
        DetachedHelper.announce(Self.readyLine)
        if !handedOff { _ = desktop.waitUntilReplaced() }
    }
}
