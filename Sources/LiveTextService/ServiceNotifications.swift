import DBusKit
import Foundation
import LiveTextCore
import LiveTextDetectors
import LiveTextInteraction
import LiveTextNotifications
import Synchronization

/// The daemon's notifier, made on the first notification: it posts from the daemon's own bus
/// connection, which lives as long as the daemon (GNOME sends the action signals only there).
/// Made outside the lock (it asks the bus); the first one stored wins.
final class ServiceNotifier: Sendable {
    private let notifier = Mutex<AnalysisNotifier?>(nil)

    func notifier(bus: DBusConnection, log: ServiceLog) async throws -> AnalysisNotifier {
        if let existing = notifier.withLock({ $0 }) { return existing }
        let client = try await NotificationClient(connection: bus)
        let pending = PendingNotifications(client: client) { outcome in
            switch outcome {
            // Consent prompts are answered through their own subscription (ServiceAccess).
            case .staleId(_, let key) where key.hasPrefix("consent-"): break
            case .staleId(let id, let key): log.info("notification \(id): action '\(key)' arrived after it was gone; ignored")
            case .unknownKey(let id, let key): log.info("notification \(id): unknown action '\(key)'; ignored")
            case .serverChanged(let forgotten) where forgotten > 0:
                log.info("the notification server changed: \(forgotten) notifications forgotten")
            default: break
            }
        }
        let made = AnalysisNotifier(pending: pending) { log.warning($0) }
        return notifier.withLock { notifier in
            if let existing = notifier { return existing }
            notifier = made
            return made
        }
    }
}

extension LiveTextService {
    /// Shows `analysis` as a notification when the settings allow it. Failures are logged, never
    /// thrown: the result itself (reply, copy) is already delivered.
    func notify(_ analysis: ImageAnalysis, image: PixelImage?, types: [InteractionType]?,
                delivery: NotificationDelivery) async {
        let current = settings.settings
        let source = analysis.image.source
        let started = DispatchTime.now().uptimeNanoseconds
        do {
            let notifier = try await notifications.notifier(bus: bus, log: log)
            let request = AnalysisNotifier.Request(analysis: analysis, image: image, interaction: current.interaction,
                                                   types: types, delivery: delivery,
                                                   notifications: current.notifications)
            let performer = actionPerformer()
            let log = self.log
            let outcome = try await notifier.show(request, perform: { action, analysis in
                do {
                    let done = try await performer.performWaiting(action.id, in: analysis)
                    log.info("notification action \(action.id): \(done)")
                } catch {
                    log.warning("notification action \(action.id): \((error as? LiveTextError)?.message ?? "\(error)")")
                }
            })
            switch outcome {
            case .shown(let id):
                let ms = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
                log.info("notification \(id) for \(source) in \(Int(ms.rounded())) ms")
            case .notificationsOff:
                log.info("no notification for \(source): notifications are off in the settings")
            case .nothingOffered:
                log.info("no notification for \(source): the interaction types offer nothing (none)")
            }
        } catch {
            log.warning("no notification: \((error as? LiveTextError)?.message ?? "\(error)")")
        }
    }
}

extension LiveTextService {
    /// A notification about livetext itself (a hotkey another program holds): no actions. Logged
    /// when it cannot be shown.
    func notifyProblem(_ summary: String, body: String) async {
        guard settings.settings.notifications.enabled else { return }
        do {
            let notifier = try await notifications.notifier(bus: bus, log: log)
            // The message may quote what a caller or an image said.
            let markup = (try? await notifier.pending.client.capabilities())?.bodyMarkup ?? false
            var request = NotificationRequest(summary: NotificationText.summary(summary),
                                              body: NotificationText.body(body, markup: markup))
            request.urgency = .normal
            request.category = "x-livetext.error"
            _ = try await notifier.pending.client.notify(request)
        } catch {
            log.warning("no notification: \((error as? LiveTextError)?.message ?? "\(error)")")
        }
    }
}
