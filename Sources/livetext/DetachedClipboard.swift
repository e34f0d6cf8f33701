import Foundation
import LiveTextCore

/// Copies text so that it outlives this process: a detached `livetext serve-clipboard` owns the
/// selection, hands the text to a clipboard manager when one runs, and otherwise keeps serving it
/// until something else is copied. This process returns once the copy is on the clipboard.
enum DetachedClipboard {
    static func copy(_ text: String, alsoPrimary: Bool) throws {
        try copy(ClipboardContent(plain: text), alsoPrimary: alsoPrimary)
    }

    /// `copy` of `content`: with HTML, the server is given both (as JSON, `--html`) and serves both.
    static func copy(_ content: ClipboardContent, alsoPrimary: Bool) throws {
        let input = content.html == nil ? Data(content.plain.utf8) : try JSONEncoder().encode(content)
        let line = try DetachedHelper.start(["serve-clipboard"] + (alsoPrimary ? ["--primary"] : [])
                                                + (content.html == nil ? [] : ["--html"]),
                                            input: input, what: "clipboard server")
        guard line == ServeClipboardCommand.readyLine else {
            throw LiveTextError(.failed, "the clipboard server said '\(line)'")
        }
    }
}
