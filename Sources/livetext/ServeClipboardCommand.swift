import ArgumentParser
import Foundation
import LiveTextCore
import LiveTextDesktop

/// `livetext serve-clipboard` (hidden): the process `--copy` leaves behind. Reads UTF-8 text on
/// stdin (with `--html`, a JSON `ClipboardContent`: the text and its HTML), owns CLIPBOARD (and PRIMARY) with it on the session's display server, prints `ready`
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

    @Flag(help: "Stdin is JSON with the text (plain) and its HTML (html), served as text/html too.")
    var html = false

    func run() throws {
        // Its own session: closing the terminal that ran `livetext --copy` must not end it.
        _ = setsid()
        let data = try BoundedRead.all(FileHandle.standardInput, limit: Self.maxBytes, name: "stdin", what: "text")
        let content = try Self.content(of: data, html: html)
        // The session of the process that ran it (its environment): X11, or a Wayland compositor.
        let desktop = Desktop()
        defer { desktop.close() }
        try desktop.copySynchronously(content, alsoPrimary: primary)
        let handedOff = desktop.copyToHandOn(managerTimeout: .seconds(2)) == nil
        DetachedHelper.announce(Self.readyLine)
        if !handedOff { _ = desktop.waitUntilReplaced() }
    }

    /// What stdin holds: UTF-8 text, or with `html` the JSON of a `ClipboardContent`.
    static func content(of data: Data, html: Bool) throws -> ClipboardContent {
        guard html else {
            guard let text = String(validating: data, as: UTF8.self) else {
                throw LiveTextError(.invalidArgs, "the text to copy is not UTF-8")
            }
            return ClipboardContent(plain: text)
        }
        do {
            return try JSONDecoder().decode(ClipboardContent.self, from: data)
        } catch {
            throw LiveTextError(.invalidArgs, "the text and HTML to copy are not the JSON of plain and html strings")
        }
    }
}
