import LiveTextCore
import LiveTextDetectors

/// The detector context and action templates this process runs with, from its environment.
enum DetectionEnvironment {
    static func context() throws -> DetectionContext {
        do {
            return try DetectionContext.fromEnvironment()
        } catch {
            throw LiveTextError(.invalidArgs, error.message)
        }
    }

    static func interpreter() throws -> AnalysisInterpreter {
        AnalysisInterpreter(context: try context(),
                            planner: QuickActionPlanner(templates: .fromEnvironment()))
    }

    /// Performs `--perform ID` on an analysis' actions, saying on stderr what was done.
    static func perform(_ id: String, actions: [QuickAction], items: [DetectedItem], text: String) throws {
        let performer = ActionPerformer.fromEnvironment { _ in
            throw LiveTextError(.unavailable, "copy actions need the clipboard, which this build cannot reach yet")
        }
        let done = try performer.perform(id, actions: actions, items: items, text: text)
        StandardError.write("livetext: \(done)\n")
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
