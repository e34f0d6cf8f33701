import Foundation
import LiveTextCore

/// Carries out a quick action: opens its target with the desktop's opener (`xdg-open`, or the
/// command in `LIVETEXT_OPENER`), writes an `.ics` file for calendar actions and opens that, and
/// hands copy actions to the clipboard.
///
/// Every open goes through here (D-Bus `PerformAction`, notification buttons, live text,
/// `--perform`), so here is where `policy` is enforced: a target it refuses is never opened,
/// whoever asked and whatever action list it came in, and the opener gets the normalized target.
public struct ActionPerformer: Sendable {
    /// The opener's argv; the target is appended (after `--` for openers that read options, see
    /// `arguments(for:)`).
    public var opener: [String]
    /// What the opener may be given.
    public var policy: OpenerPolicy
    /// Where calendar files are written: a directory of our own, created 0700 inside one that
    /// exists. A symlink there, or a directory someone else owns, is refused.
    public var directory: URL
    /// Puts text on the clipboard.
    public var copy: @Sendable (String) throws -> Void
    /// How long the opener may take. Openers hand the target over and return (`xdg-open`,
    /// `gio open`); one still running then is stopped and the action fails.
    public var openerDeadline: Duration = .seconds(10)

    public init(opener: [String] = ["xdg-open"], directory: URL, policy: OpenerPolicy = OpenerPolicy(),
                copy: @escaping @Sendable (String) throws -> Void) {
        self.opener = opener
        self.directory = directory
        self.policy = policy
        self.copy = copy
    }

    /// The opener from `LIVETEXT_OPENER` (split at spaces) when it is set, else `opener` (the
    /// settings' `actions.opener`, `xdg-open` by default): a variable set in the environment
    /// wins, as it does for most Linux tools. Calendar files go to `$XDG_RUNTIME_DIR/livetext`,
    /// else `livetext-UID` in the temporary directory. `templates` are the settings' URL
    /// templates (the `LIVETEXT_…_URL` variables applied here): their scheme may be opened.
    public static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment,
        opener fallback: [String] = ["xdg-open"],
        templates: ActionTemplates = ActionTemplates(),
        copy: @escaping @Sendable (String) throws -> Void = ActionPerformer.clipboardUnavailable
    ) -> ActionPerformer {
        let opener = environment["LIVETEXT_OPENER"].map { $0.split(separator: " ").map(String.init) }
        let directory = environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            .map { URL(fileURLWithPath: $0).appendingPathComponent("livetext") }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("livetext-\(geteuid())")
        let chosen = opener.flatMap { $0.isEmpty ? nil : $0 } ?? (fallback.isEmpty ? ["xdg-open"] : fallback)
        return ActionPerformer(opener: chosen, directory: directory,
                               policy: OpenerPolicy(templates: templates.applyingEnvironment(environment)), copy: copy)
    }

    /// Performs the action named `id` among `actions`; `items` and `text` are the analysis it
    /// came from (a calendar event takes its title from them). Returns what was done, for a log.
    /// A target `policy` refuses throws `accessDenied`, and nothing is run.
    @discardableResult
    public func perform(_ id: String, actions: [QuickAction], items: [DetectedItem],
                        text: String) throws -> String {
        guard let action = actions.first(where: { $0.id == id }) else {
            let known = actions.map(\.id).joined(separator: ", ")
            throw LiveTextError(.notFound, "no action '\(id)'" + (known.isEmpty ? "" : " (have: \(known))"))
        }
        switch action.kind {
        case .copy:
            try copy(action.target)
            return "copied \(action.target.unicodeScalars.count) characters"
        case .calendar:
            let file = try writeEvent(for: action, items: items, text: text)
            try open(file.path)
            return "opened \(file.path)"
        default:
            let target = try policy.openable(action.target)
            try open(target)
            return "opened \(target)"
        }
    }

    private func writeEvent(for action: QuickAction, items: [DetectedItem], text: String) throws -> URL {
        let item: DetectedItem? = if case .item(let index) = action.subject, items.indices.contains(index) {
            items[index]
        } else {
            nil
        }
        let parts = action.target.split(separator: "/", maxSplits: 1).map(String.init)
        var summary = "Event"
        if case .string(let title)? = item?.value["summary"] {
            summary = title
        } else if let item {
            summary = Self.line(around: item, in: text) ?? item.text
        }
        var location: String?
        if case .string(let place)? = item?.value["location"] { location = place }
        let event = CalendarEvent(summary: summary, start: parts[0], end: parts.count > 1 ? parts[1] : nil,
                                  location: location)
        let uid = UUID().uuidString.lowercased() + "@livetext"
        guard let ics = event.iCalendar(uid: uid, stamp: Date()) else {
            throw LiveTextError(.invalidArgs, "action \(action.id): '\(action.target)' is not a date")
        }
        try PrivateDirectory.prepare(directory.path)
        do {
            let file = directory.appendingPathComponent("event-\(uid.prefix(8)).ics")
            try Data(ics.utf8).write(to: file, options: .atomic)
            return file
        } catch {
            throw LiveTextError(.failed, "cannot write the calendar file in \(directory.path): \(error.localizedDescription)")
        }
    }

    /// The line of `text` that holds `item`, trimmed: "Dentist Tue 3pm" for the item "Tue 3pm".
    static func line(around item: DetectedItem, in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard item.start >= 0, item.end <= scalars.count, item.start <= item.end else { return nil }
        var lower = item.start, upper = item.end
        while lower > 0, scalars[lower - 1] != "\n" { lower -= 1 }
        while upper < scalars.count, scalars[upper] != "\n" { upper += 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[lower..<upper])
        let line = String(view).trimmingWhitespace()
        return line.isEmpty ? nil : line
    }

    /// Runs the opener and waits for it (openers hand over to the application and return), up to
    /// `openerDeadline`: then it is stopped (SIGTERM, SIGKILL a second later) and reaped, and
    /// the action fails. What the opener started and left running is not touched.
    private func open(_ target: String) throws {
        // Checked again right before exec: whatever the caller, the opener never reads a target as an option.
        guard !target.hasPrefix("-"), !target.isEmpty else {
            throw LiveTextError(.accessDenied, "not opened: '\(ControlCharacters.escaped(target, keepingLineBreaks: false))' "
                                + "would read as an option")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // livetext ignores SIGPIPE, and an ignored signal stays ignored across exec: the opener gets it back.
        process.arguments = ["--default-signal=PIPE"] + arguments(for: target)
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw LiveTextError(.unavailable, "cannot run \(opener[0]): \(error.localizedDescription)")
        }
        let seconds = Double(openerDeadline.components.seconds) + Double(openerDeadline.components.attoseconds) / 1e18
        if exited.wait(timeout: .now() + seconds) == .timedOut {
            process.terminate()
            if exited.wait(timeout: .now() + 1) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                exited.wait()
            }
            process.waitUntilExit()
            let limit = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
            throw LiveTextError(.failed, "\(opener.joined(separator: " ")) did not return within \(limit) s and was "
                                + "stopped (openers such as xdg-open hand the target over and return)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LiveTextError(.failed, "\(opener.joined(separator: " ")) \(target) failed (exit \(process.terminationStatus))")
        }
    }
}

extension ActionPerformer {
    /// Openers that read options and take `--` as their end (GLib's, KDE's, Perl's and Rust's
    /// option parsers). `xdg-open` is not one: it refuses `--` ("unexpected option"), and any
    /// other argument starting with `-`.
    static let openersTakingOptionsEnd: Set<String> = [
        "gio", "gvfs-open", "gnome-open", "mate-open", "exo-open", "kde-open", "kde-open5", "kde-open6",
        "kioclient", "kioclient5", "kioclient6", "mimeopen", "mimeo", "handlr",
    ]

    /// The opener's argv for `target`: `--` before it when the opener is one that reads options
    /// (by its file name) and its argv does not already end with `--`.
    public func arguments(for target: String) -> [String] {
        let name = opener.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        let end = opener.last != "--" && Self.openersTakingOptionsEnd.contains(name) ? ["--"] : []
        return opener + end + [target]
    }

    /// Copying for a performer that was given no clipboard: a clear `unavailable`.
    public static let clipboardUnavailable: @Sendable (String) throws -> Void = { _ in
        throw LiveTextError.noClipboard
    }
}

extension LiveTextError {
    /// The performer was given no clipboard to copy to.
    public static let noClipboard = LiveTextError(.unavailable, "copying needs a clipboard, and none was given")
}
