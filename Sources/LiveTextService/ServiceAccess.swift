import DBusKit
import Foundation
import LiveTextCore
import LiveTextNotifications

extension LiveTextService {
    /// How long a consent prompt waits for the user before the call is refused.
    static let consentTimeout: Duration = .seconds(60)

    /// Throws `AccessDenied` unless `caller` (the connection `sender`) may have the daemon do
    /// `purposes`: a program outside a sandbox may (on X11 it could read the screen itself); a
    /// Flatpak or snap application may when the settings allow it, or the user allows it in a
    /// notification; a caller nobody can identify only when the user allows it, once. Another
    /// display is for programs outside a sandbox alone. Whoever asked must still be on the bus
    /// when the answer comes: nothing is done for a caller that left.
    /// Pixels, bytes and fds the caller hands over itself, and `Detect`, need no consent.
    func checkAccess(_ caller: CallerIdentity, sender: String, for purposes: [AccessPurpose]) async throws {
        guard !purposes.isEmpty else { return }
        let app: SandboxedApp?
        switch caller {
        case .unconfined:
            return
        case .sandboxed(let sandboxed, _):
            app = sandboxed
        case .unknown(let reason):
            guard await isOnBus(sender) else {
                throw LiveTextError(.accessDenied, "refused: \(reason); nothing is done for a caller that left")
            }
            app = nil
        }
        let who = app?.id ?? "an unidentified program"
        let asked = AccessPurpose.phrase(purposes)
        if let display = purposes.first(where: { if case .display = $0 { true } else { false } }) {
            throw LiveTextError(.accessDenied, "\(who) may not \(display.phrase()): only programs outside a sandbox "
                                + "choose the display")
        }
        let answer: ConsentAnswer
        if let app {
            answer = await consents.serialized(app: app.id) { [self] in
                // A prompt this call waited for may have settled it.
                switch settings.settings.access.decision(for: app.id) {
                case true?: return .once
                case false?: return .unanswered("denied in the settings ([access] denied)")
                case nil: return await askConsent(caller, sender: sender, purposes)
                }
            }
        } else {
            answer = await consents.serialized(app: sender) { [self] in await askConsent(caller, sender: sender, purposes) }
        }
        switch answer {
        case .once, .always:
            if answer == .always, let app { keep(app, allowed: true) }
            // Bound to the caller that asked: gone by now, it gets nothing.
            guard await isOnBus(sender) else {
                throw LiveTextError(.accessDenied, "\(who) left the bus before it could \(asked): nothing is done")
            }
        case .deny:
            if let app { keep(app, allowed: false) }
            throw LiveTextError(.accessDenied, "\(who) may not \(asked): the user denied it")
        case .unanswered(let why):
            throw LiveTextError(.accessDenied, "\(who) may not \(asked) without the user's consent: \(why)")
        }
    }

    /// Keeps an Always Allow or a Deny in the settings' `[access]`.
    private func keep(_ app: SandboxedApp, allowed: Bool) {
        do {
            try settings.update { $0.access.record(app.id, allowed: allowed) }
            log.info("access: \(app) \(allowed ? "allowed" : "denied") for good, kept in the settings")
        } catch {
            log.warning("access: \(app) \(allowed ? "allowed" : "denied"), but not kept: \(error.description)")
        }
    }

    /// Shows the consent prompt and waits for the answer, at most `consentTimeout`. It says the
    /// truth: who asks, and exactly what will be done (the file's canonical path, the target to
    /// open), cut in the middle when long and escaped for the server; a caller nobody can identify
    /// gets Allow Once and Deny only, neither kept.
    private func askConsent(_ caller: CallerIdentity, sender: String, _ purposes: [AccessPurpose]) async -> ConsentAnswer {
        guard settings.settings.notifications.enabled else {
            return .unanswered("notifications are off, so nobody can be asked; allow it in [access] allowed")
        }
        let client: NotificationClient
        do {
            client = try await notifications.notifier(bus: bus, log: log).pending.client
        } catch {
            return .unanswered("no notification server to ask the user; allow it in [access] allowed")
        }
        let markup = (try? await client.capabilities())?.bodyMarkup ?? false
        let request = ConsentPrompt(caller: caller, sender: sender, purposes: purposes).request(markup: markup)
        let asked = AccessPurpose.phrase(purposes)
        // Subscribed before the prompt exists, so no answer can be missed.
        let events = client.events()
        let id: UInt32
        do {
            id = try await client.notify(request)
        } catch {
            return .unanswered("the consent prompt could not be shown (\((error as? LiveTextError)?.message ?? "\(error)")); "
                               + "allow it in [access] allowed")
        }
        log.info("access: asking the user whether \(caller) may \(asked) (notification \(id))")
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
            // A caller that leaves gets nothing: the question is moot.
            group.addTask { [weak self] in
                while let self, await self.isOnBus(sender), !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(500))
                }
                return .unanswered("the caller left the bus")
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
        log.info("access: \(caller): \(answer)")
        return answer
    }
}
