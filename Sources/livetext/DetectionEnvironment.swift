import Foundation
import LiveTextConfig
import LiveTextCore
import LiveTextDetectors

/// The detector context and action templates this process runs with, from its environment and
/// the settings file the daemon reads too, so `--local` and the daemon print the same.
enum DetectionEnvironment {
    /// The settings file, read once a process; one that cannot be used is said once on stderr,
    /// and the defaults apply (as in the daemon).
    static let settings: Settings = {
        do throws(ConfigError) {
            return try ConfigFile.standard().load().settings
        } catch {
            Diagnostics.note("settings: \(error.description); using the defaults (livetext config --check)")
            return .defaults
        }
    }()

    /// The settings' URL templates for the quick actions.
    static func templates(_ actions: ActionSettings) -> ActionTemplates {
        ActionTemplates(map: actions.mapURL, flight: actions.flightURL, lookup: actions.lookupURL,
                        translate: actions.translateURL)
    }

    static func context() throws -> DetectionContext {
        do {
            return try DetectionContext.fromEnvironment()
        } catch {
            throw LiveTextError(.invalidArgs, error.message)
        }
    }

    /// The interpreter of this process: the environment's context, with the settings file's
    /// region and URL templates (the daemon passes its own, reloaded on SIGHUP). A `LIVETEXT_…`
    /// variable that is set wins over the settings.
    static func interpreter(region: String? = settings.actions.region,
                            templates: ActionTemplates = templates(settings.actions)) throws -> AnalysisInterpreter {
        var context = try context()
        if let region, ProcessInfo.processInfo.environment["LIVETEXT_REGION", default: ""].isEmpty {
            context.region = region
        }
        return AnalysisInterpreter(context: context, planner: QuickActionPlanner(templates: templates.applyingEnvironment()))
    }

    /// What carries out quick actions in this process: the environment's opener, else `opener`
    /// (the settings'), copies left to a detached clipboard server.
    static func performer(opener: [String] = settings.actions.opener) -> ActionPerformer {
        ActionPerformer.fromEnvironment(opener: opener, templates: templates(settings.actions),
                                        copy: { try DetachedClipboard.copy($0, alsoPrimary: false) })
    }

    /// Performs `--perform ID` on an analysis' actions, saying on stderr what was done.
    static func perform(_ id: String, actions: [QuickAction], items: [DetectedItem], text: String) throws {
        let performer = performer()
        let done = try performer.perform(id, actions: actions, items: items, text: text)
        Diagnostics.note(done)
    }

    /// Parses `--only` values (throws `invalidArgs` naming the unknown type).
    static func kinds(_ only: [String]) throws -> Set<ItemKind>? {
        guard !only.isEmpty else { return nil }
        do {
            return try ItemKind.parseList(only)
        } catch {
            throw LiveTextError(.invalidArgs, "--only: \(error.description)")
        }
    }
}
