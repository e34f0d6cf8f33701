import ArgumentParser
import LiveTextInteraction
import LiveTextService

/// What happens to a result besides printing it: the clipboard, or the focused window.
struct DeliveryOptions: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Put the result on the clipboard: the text and code payloads, or with --only the matched values. "
            + "It stays there after livetext exits. Nothing found: the clipboard is left as it was."))
    var copy = false

    @Flag(help: "With --copy, also put it on PRIMARY (middle-click paste).")
    var primary = false

    @Flag(name: .customLong("type"),
          help: "Type the result into the focused window as key presses (e.g. --only phone --type fills a phone field).")
    var typeResult = false

    @Flag(help: ArgumentHelp(
        "Show a desktop notification of the result, with its quick actions as buttons (copy the text or a QR "
            + "code's payload, open a link, call, ...) and a preview of the image."))
    var notify = false

    @Option(name: .customLong("interaction"), parsing: .singleValue,
            help: ArgumentHelp("With --notify: what the notification offers (default: the settings').",
                               valueName: InteractionType.allCases.map(\.rawValue).joined(separator: "|")),
            completion: .list(InteractionType.allCases.map(\.rawValue)))
    var interactionNames: [String] = []

    var isSet: Bool { copy || typeResult || notify }

    /// The `--interaction` types, nil when not given.
    var interaction: [InteractionType]? {
        get throws { try InteractionType.option(interactionNames) }
    }

    /// Has the daemon show the notification (it stays for the actions): `notify`, and
    /// `interaction` when given. Nothing without `--notify`.
    func requestNotification(in request: inout AnalysisRequestOptions) throws {
        guard notify else { return }
        request.notify = true
        request.interaction = try interaction
    }

    func validate() throws {
        if primary, !copy { throw ValidationError("--primary goes with --copy") }
        if !interactionNames.isEmpty {
            guard notify else { throw ValidationError("--interaction goes with --notify") }
            _ = try interaction
        }
    }
}

extension InteractionType {
    /// The types of an `--interaction` option (repeated, or comma lists), nil when it was not
    /// given; a bad list is a usage error.
    static func option(_ values: [String]) throws -> [InteractionType]? {
        guard !values.isEmpty else { return nil }
        do {
            return try parseList(values)
        } catch {
            throw ValidationError("--interaction: \(error)")
        }
    }
}
