import ArgumentParser
import Foundation
import ImageCodecs
import LiveTextConfig
import LiveTextCore
import LiveTextInteraction
import LiveTextNotifications

/// What `--notify` hands to `livetext serve-notification` on its stdin, as JSON.
struct NotificationJob: Codable {
    var analysis: ImageAnalysis
    /// The analysed image as PNG, for the preview.
    var imagePNG: Data?
    /// `--interaction`, else the settings' types.
    var types: [String]?
    /// `shown`, `copied` or `typed`, and what was copied or typed.
    var delivery: String
    var deliveredText: String?

    var notificationDelivery: NotificationDelivery {
        switch delivery {
        case "copied": .copied(deliveredText ?? "")
        case "typed": .typed(deliveredText ?? "")
        default: .shown
        }
    }
}

/// `livetext serve-notification` (hidden): the process `--notify` leaves behind when no daemon
/// runs. It shows the notification from its own bus connection, prints `ready ID`, and stays until
/// the user picks an action (which it performs), the notification closes, or the server goes.
struct ServeNotificationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-notification",
        abstract: "Show the notification described on stdin and perform the action the user picks.",
        shouldDisplay: false)

    static let readyLine = "ready"
    static let maxBytes = 256 << 20
    /// However long the server keeps it, the process goes after this.
    static let lifetime: Duration = .seconds(3600)

    func run() async throws {
        _ = setsid()  // its own session: closing the terminal must not end it
        let data = try BoundedRead.all(FileHandle.standardInput, limit: Self.maxBytes, name: "stdin", what: "notification")
        let job: NotificationJob
        do {
            job = try JSONDecoder().decode(NotificationJob.self, from: data)
        } catch {
            throw LiveTextError(.invalidArgs, "the notification job is not valid: \(error)")
        }
        let settings = (try? ConfigFile.standard().load().settings) ?? Settings()
        let types = try job.types.map { names in
            do { return try InteractionType.parseList(names) } catch { throw LiveTextError(.invalidArgs, "\(error)") }
        }
        let image = try job.imagePNG.map { try LeptonicaImageDecoder().decode($0, limits: ImageLimits()) }
        let client = try await NotificationClient.session()
        let finished = AsyncStream<Void>.makeStream()
        let pending = PendingNotifications(client: client) { outcome in
            switch outcome {
            case .performed, .closed, .serverChanged: finished.continuation.yield()
            default: break
            }
        }
        let notifier = AnalysisNotifier(pending: pending) { Diagnostics.note($0) }
        let request = AnalysisNotifier.Request(analysis: job.analysis, image: image, interaction: settings.interaction,
                                               types: types, delivery: job.notificationDelivery,
                                               notifications: settings.notifications)
        let opener = settings.actions.opener
        let outcome = try await notifier.show(request, perform: { action, analysis in
            // Openers are processes waited for: on the waiting lane, not Swift's cooperative threads.
            _ = try? await BlockingWork.run(.waiting) {
                try DetectionEnvironment.performer(opener: opener)
                    .perform(action.id, actions: analysis.actions, items: analysis.items, text: analysis.text)
            }
        })
        // Notifications off in the settings, or interaction "none": nothing to wait for.
        guard case .shown(let id) = outcome else {
            DetachedHelper.announce(Self.readyLine + " 0")
            return
        }
        DetachedHelper.announce(Self.readyLine + " \(id)")
        let timeout = Task {
            try? await Task.sleep(for: Self.lifetime)
            finished.continuation.yield()
        }
        // The bus went away (the session ended): nothing can come any more.
        let events = client.events()
        let disconnected = Task {
            for await _ in events {}
            finished.continuation.yield()
        }
        defer { disconnected.cancel() }
        for await _ in finished.stream { break }
        timeout.cancel()
        pending.stop()
        client.stop()
    }
}
