import Foundation
import LiveTextCore

/// Copies text so that it outlives this process: a detached `livetext serve-clipboard` owns the
/// selection, hands the text to a clipboard manager when one runs, and otherwise keeps serving it
/// until something else is copied. This process returns once the copy is on the clipboard.
enum DetachedClipboard {
    static func copy(_ text: String, alsoPrimary: Bool) throws {
        let line = try DetachedHelper.start(["serve-clipboard"] + (alsoPrimary ? ["--primary"] : []),
                                            input: Data(text.utf8), what: "clipboard server")
        guard line == ServeClipboardCommand.readyLine else {
            throw LiveTextError(.failed, "the clipboard server said '\(line)'")
        }
    }
}
