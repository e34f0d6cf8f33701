import Foundation
import LiveTextCore
import LiveTextDesktop
import LiveTextDetectors

/// Carries out `--copy`, `--type` and `--notify` for results this process holds.
struct ResultDelivery {
    let options: DeliveryOptions
    /// `--only` was given: the matched values are the result.
    let onlyItems: Bool

    /// Copies through a clipboard owner that outlives this process, types on a display of its own.
    private let outlet = ProcessOutlet()

    /// Notifications shown for one call at most; more images are said on stderr only.
    static let maxNotifications = 4

    /// Copies and/or types the results (several: joined by a blank line), then shows them as
    /// notifications. `copied` and `notified` say the daemon already did that; `images` are the
    /// pixels of in-process analyses, for the preview (nil: read from the file again).
    func deliver(_ analyses: [ImageAnalysis], images: [PixelImage?] = [], copied: Bool = false,
                 notified: Bool = false) async throws {
        guard options.isSet else { return }
        let text = analyses.map { $0.plainText(onlyItems: onlyItems) }.filter { !$0.isEmpty }
            .joined(separator: "\n\n")
        var copiedText: String?
        var typedText: String?
        if text.isEmpty {
            if options.copy { Diagnostics.note("nothing to copy; the clipboard is left as it was") }
        } else {
            // The daemon copied already: only the notification says so.
            if options.copy {
                copiedText = text
                if !copied { try await AnalysisPipeline.deliver(text, .copy(alsoPrimary: options.primary), to: outlet) }
            }
            if options.typeResult, case .typed(let typed) = try await AnalysisPipeline.deliver(text, .type, to: outlet) {
                typedText = typed
            }
        }
        if options.notify, !notified { await notify(analyses, images: images, copied: copiedText, typed: typedText) }
    }

    /// The notifications, each from a detached helper that stays for its actions. A failure is
    /// said, not thrown: the result is already printed, copied or typed. Starting a helper waits
    /// for it: on the blocking pool's waiting lane, not Swift's cooperative threads.
    private func notify(_ analyses: [ImageAnalysis], images: [PixelImage?], copied: String?, typed: String?) async {
        let types = (try? options.interaction)?.map(\.rawValue)
        for (n, analysis) in analyses.prefix(Self.maxNotifications).enumerated() {
            let image = n < images.count ? images[n] : nil
            let single = analyses.count == 1
            let job = DetachedNotification.job(analysis, image: image, types: types,
                                               copied: single ? copied : nil, typed: single ? typed : nil)
            do {
                _ = try await BlockingWork.run(.waiting) { try DetachedNotification.show(job) }
            } catch let error as LiveTextError {
                Diagnostics.note("no notification: \(error.message)")
                return
            } catch {
                Diagnostics.note("no notification: \(error)")
                return
            }
        }
        if analyses.count > Self.maxNotifications {
            Diagnostics.note("notifications shown for the first \(Self.maxNotifications) of \(analyses.count) images")
        }
    }
}

/// Where the CLI's results go: the clipboard through a detached owner that serves it after this
/// process exits, the keyboard on a display connection of its own.
struct ProcessOutlet: ResultOutlet {
    func copy(_ text: String, alsoPrimary: Bool) async throws {
        // Starting the helper waits for it: not on Swift's cooperative threads.
        try await BlockingWork.run(.waiting) { try DetachedClipboard.copy(text, alsoPrimary: alsoPrimary) }
    }

    func type(_ text: String) async throws {
        try await Desktop.using { try await $0.type(text) }
    }
}
