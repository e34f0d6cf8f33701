import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors

/// Carries out `--copy` and `--type` for results this process holds.
struct ResultDelivery {
    let options: DeliveryOptions
    /// `--only` was given: the matched values are the result.
    let onlyItems: Bool

    /// Copies and/or types the results (several: joined by a blank line). `copied` says the daemon
    /// already put them on the clipboard.
    func deliver(_ analyses: [ImageAnalysis], copied: Bool = false) async throws {
        guard options.isSet else { return }
        let text = analyses.map { $0.plainText(onlyItems: onlyItems) }.filter { !$0.isEmpty }
            .joined(separator: "\n\n")
        guard !text.isEmpty else {
            if options.copy { Diagnostics.note("nothing to copy; the clipboard is left as it was") }
            return
        }
        if options.copy, !copied {
            try DetachedClipboard.copy(text, alsoPrimary: options.primary)
        }
        if options.typeResult {
            try await Desktop().type(text)
        }
    }
}
