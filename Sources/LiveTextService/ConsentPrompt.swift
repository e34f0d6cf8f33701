import LiveTextNotifications

/// The words of a consent prompt: who asks, and exactly what will be done.
struct ConsentPrompt: Sendable {
    let caller: CallerIdentity
    /// The caller's bus connection, named when nothing else identifies it.
    let sender: String
    let purposes: [AccessPurpose]

    /// The summary holds the application and a short phrase; the body every purpose in full
    /// (paths and targets cut in the middle so both ends show), escaped for a server that reads
    /// markup, and what the answers keep.
    func request(markup: Bool) -> NotificationRequest {
        let who: String, about: String
        var actions = ConsentAnswer.actions
        switch caller {
        case .sandboxed(let app, _):
            who = app.id
            about = "The sandboxed application \(app.id) (\(app.kind.rawValue)) asks livetext to:"
        case .unconfined, .unknown:
            who = "An unidentified program"
            about = "A program that livetext cannot identify (bus connection \(sender)) asks livetext to:"
            // Nothing to keep an answer under.
            actions.removeAll { $0.answer == .always }
        }
        let short = purposes.count == 1 ? purposes[0].phrase(width: 60) : "do \(purposes.count) things"
        let lines = purposes.map { "• " + $0.phrase(width: 160) }
        let keeps = actions.contains { $0.answer == .always }
            ? "Always Allow and Deny are kept in livetext's settings ([access])." : "Neither answer is kept."
        var request = NotificationRequest(
            summary: NotificationText.summary("Allow \(who) to \(short)?"),
            body: ([about] + lines + [keeps]).map { NotificationText.body($0, markup: markup) }.joined(separator: "\n"),
            actions: actions.map { NotificationAction(key: $0.key, label: $0.label) })
        request.urgency = .normal
        request.category = "x-livetext.consent"
        request.expireTimeout = 0
        return request
    }
}
