import DBusKit
import Foundation
import LiveTextCore
import LiveTextNotifications

extension LiveTextService {
    /// How long a consent prompt waits for the user before the call is refused.
    static let consentTimeout: Duration = .seconds(60)

    /// Throws `AccessDenied` unless the caller `sender` may have the daemon do `purposes`: a
    /// program outside a sandbox may (on X11 it could read the screen itself); a Flatpak or snap
    /// application may when the settings allow it, or the user allows it in a notification.
    /// Pixels, bytes and fds the caller hands over itself, and `Detect`, need no consent.
    func checkAccess(_ sender: String, for purposes: [AccessPurpose]) async throws {
        guard !purposes.isEmpty else { return }
        // No process behind the connection (a peer over TCP): nothing to tell a sandbox by.
        guard let pid = try? await bus.unixProcessID(of: sender) else { return }
        guard let app = try CallerSandbox.of(pid: pid) else { return }
        let asked = AccessPurpose.phrase(purposes)
        let answer = await consents.serialized(app: app.id) { [self] in
            // A prompt this call waited for may have settled it.
            switch settings.settings.access.decision(for: app.id) {
            case true?: return .once
            case false?: return .unanswered("denied in the settings ([access] denied)")
            case nil: return await askConsent(app, asked)
            }
        }
        switch answer {
        case .once:
            return
        case .always, .deny:
            let allowed = answer == .always
            do {
                try settings.update { $0.access.record(app.id, allowed: allowed) }
                log.info("access: \(app) \(allowed ? "allowed" : "denied") for good, kept in the settings")
            } catch {
                log.warning("access: \(app) \(allowed ? "allowed" : "denied"), but not kept: \(error.description)")
            }
            if allowed { return }
            throw LiveTextError(.accessDenied, "\(app.id) may not \(asked): the user denied it")
        case .unanswered(let why):
            throw LiveTextError(.accessDenied, "\(app.id) may not \(asked) without the user's consent: \(why)")
        }
    }

    /// Shows the consent prompt and waits for the answer, at most `consentTimeout`.
    private func askConsent(_ app: SandboxedApp, _ asked: String) async -> ConsentAnswer {
        guard settings.settings.notifications.enabled else {
            return .unanswered("notifications are off, so nobody can be asked; allow it in [access] allowed")
        }
        let client: NotificationClient
        do {
            client = try await notifications.notifier(bus: bus, log: log).pending.client
        } catch {
            return .unanswered("no notification server to ask the user; allow it in [access] allowed")
        }
        var request = NotificationRequest(
            summary: "Allow \(app.id) to \(asked)?",
            body: "The sandboxed application \(app.id) (\(app.kind.rawValue)) asks livetext to \(asked). "
                + "Always Allow and Deny are kept in livetext's settings ([access]).",
            actions: ConsentAnswer.actions.map { NotificationAction(key: $0.key, label: $0.label) })
        request.urgency = .normal
        request.category = "x-livetext.consent"
        request.expireTimeout = 0
        // Subscribed before the prompt exists, so no answer can be missed.
        let events = client.events()
        let id: UInt32
        do {
            id = try await client.notify(request)
        } catch {
            return .unanswered("the consent prompt could not be shown (\((error as? LiveTextError)?.message ?? "\(error)")); "
                               + "allow it in [access] allowed")
        }
        log.info("access: asking the user whether \(app) may \(asked) (notification \(id))")
        let answer = await withTaskGroup(of: ConsentAnswer.self) { group in
            group.addTask {
                for await event in events {
                    switch event {
                    case .actionInvoked(id, let key): if let answer = ConsentAnswer(key: key) { return answer }
                    case .closed(id, _): return .unanswered("the prompt was closed without an answer")
                    case .serverChanged: return .unanswered("the notification server went away")
                    default: continue
                    }
                }
                return .unanswered("the prompt's answer cannot arrive any more")
            }
            group.addTask {
                try? await Task.sleep(for: Self.consentTimeout)
                return .unanswered("no answer within \(Self.consentTimeout.components.seconds) s")
            }
            let first = await group.next() ?? .unanswered("no answer")
            group.cancelAll()
            return first
        }
        // Servers keep a notification open after a menu action: the question is answered.
        _ = try? await client.close(id)
        log.info("access: \(app): \(answer)")
        return answer
    }
}
