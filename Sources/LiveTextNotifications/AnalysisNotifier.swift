import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextInteraction
import LiveTextPreview
import Synchronization

/// Shows analyses as desktop notifications, VisionKit's supplementary interface on the Linux
/// desktop: what the interaction types offer, in words a person reads at a glance, with the quick
/// actions as buttons (the most likely one as the default) and a preview of the image.
///
/// One notifier per process: it keeps the connection that called `Notify` alive, since some
/// servers (GNOME) send `ActionInvoked` only to that connection.
public final class AnalysisNotifier: Sendable {
    /// What to show and how.
    public struct Request: Sendable {
        public var analysis: ImageAnalysis
        /// The analysed pixels, for the preview; nil: no preview.
        public var image: PixelImage?
        /// The interaction settings (types, detectors in text mode, the supplementary interface).
        public var interaction: InteractionSettings
        /// This call's interaction types instead of the settings' ones.
        public var types: [InteractionType]?
        public var delivery: NotificationDelivery
        /// Whether notifications are on at all, and their `expire_timeout`.
        public var notifications: NotificationSettings

        public init(analysis: ImageAnalysis, image: PixelImage?, interaction: InteractionSettings,
                    types: [InteractionType]? = nil, delivery: NotificationDelivery = .shown,
                    notifications: NotificationSettings = NotificationSettings()) {
            self.analysis = analysis
            self.image = image
            self.interaction = interaction
            self.types = types
            self.delivery = delivery
            self.notifications = notifications
        }
    }

    /// What `show` did.
    public enum Outcome: Sendable, Hashable {
        case shown(id: UInt32)
        /// `notifications.enabled` is false: a call's `notify` does not override it.
        case notificationsOff
        /// The interaction types offer nothing (`none`).
        case nothingOffered
    }

    public let pending: PendingNotifications
    private let renderer: PreviewRenderer
    private let log: @Sendable (String) -> Void
    /// Notices already logged (a missing font, insets too large): said once each.
    private let said = Mutex<Set<String>>([])

    /// `log` receives each thing worth telling the user once (a missing font, insets too large).
    public init(pending: PendingNotifications, renderer: PreviewRenderer = PreviewRenderer(),
                log: @escaping @Sendable (String) -> Void) {
        self.pending = pending
        self.renderer = renderer
        self.log = log
    }

    /// Shows `request` unless notifications are off or nothing is offered; `perform` runs when
    /// the user picks an action (once per notification). Throws `.unavailable` when there is no
    /// notification server; the result is not affected.
    @discardableResult
    public func show(_ request: Request,
                     perform: @escaping @Sendable (QuickAction, ImageAnalysis) async -> Void) async throws -> Outcome {
        guard request.notifications.enabled else { return .notificationsOff }
        let interaction = request.interaction
        let analysis = request.analysis
        guard let offer = InteractionOffer(analysis: analysis, types: request.types ?? interaction.preferredInteractionTypes,
                                           allowDataDetectorsInTextMode: interaction.allowDataDetectorsInTextMode) else {
            return .nothingOffered
        }
        let capabilities = try await pending.client.capabilities()
        let text = NotificationComposer(supportsActions: capabilities.actions, supportsMarkup: capabilities.bodyMarkup)
            .compose(analysis, offer: offer, delivery: request.delivery)
        var notification = NotificationRequest(summary: text.summary, body: text.body, actions: text.actions)
        notification.expireTimeout = Int32(clamping: request.notifications.timeoutMs)
        notification.category = "x-livetext.analysis"
        if let image = request.image {
            notification.image = preview(of: image, analysis: analysis, offer: offer, interaction: interaction)
        }
        let actions = offer.actions
        let id = try await pending.show(notification) { key in
            guard let id = text.actionIDs[key], let action = actions.first(where: { $0.id == id }) else { return }
            await perform(action, analysis)
        }
        return .shown(id: id)
    }

    /// The image with the supplementary interface drawn on it, or nil when it cannot be sent.
    func preview(of image: PixelImage, analysis: ImageAnalysis, offer: InteractionOffer,
                 interaction: InteractionSettings) -> NotificationImage? {
        let style = PreviewStyle(hidden: interaction.supplementaryInterfaceHidden,
                                 insets: interaction.supplementaryInterfaceContentInsets,
                                 fontName: interaction.supplementaryInterfaceFont)
        let rendered = renderer.render(image, content: offer.previewContent(for: analysis), style: style)
        // A missing font or insets too large for the image: said once each, the preview still drawn.
        let notices = (rendered.fontFallback.map { ["supplementary interface font: " + $0] } ?? []) + rendered.notes
        for notice in notices where sayOnce(notice) { log(notice) }
        return try? NotificationImage(rendered.image)
    }

    private func sayOnce(_ notice: String) -> Bool {
        said.withLock { $0.insert(notice).inserted }
    }
}
