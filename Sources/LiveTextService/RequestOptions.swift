import DBusKit
import LiveTextCore
import LiveTextDetectors
import LiveTextInteraction

/// The `a{sv}` options of the `Analyze*` methods: `types` (as), `languages` (as), `only` (as),
/// `copy` (b), `primary` (b: with copy, PRIMARY too), `notify` (b), `interaction` (as: the
/// interaction types for this call's notification, instead of `PreferredInteractionTypes`),
/// `replace` (b: cancel this caller's analyses still running).
/// Unknown keys are ignored; a known key with the wrong type is `InvalidArgs`. Requests parse
/// them inside `replying`, which gives livetext's errors their D-Bus names.
struct RequestOptions: Sendable {
    var configuration: ImageAnalyzer.Configuration
    var only: Set<ItemKind>?
    var copy = false
    var primary = false
    var notify = false
    /// This call's interaction types; nil: the settings'.
    var interaction: [InteractionType]?
    var replace = false

    init(_ options: [String: DBusValue], defaults: ImageAnalyzer.Configuration) throws {
        configuration = defaults
        func strings(_ key: String) throws -> [String]? {
            guard let value = options[key] else { return nil }
            guard let list = value.stringArray else {
                throw LiveTextError(.invalidArgs, "option '\(key)' must be an array of strings (as), not '\(value.signature)'")
            }
            return list
        }
        func flag(_ key: String) throws -> Bool? {
            guard let value = options[key] else { return nil }
            guard let b = value.bool else {
                throw LiveTextError(.invalidArgs, "option '\(key)' must be a boolean (b), not '\(value.signature)'")
            }
            return b
        }
        if let types = try strings("types") { configuration.types = try AnalysisTypes(names: types) }
        if let languages = try strings("languages") {
            configuration.languages = try LanguageSet(languages.joined(separator: "+"))
        }
        if let only = try strings("only"), !only.isEmpty {
            let kinds: Set<ItemKind>
            do {
                kinds = try ItemKind.parseList(only)
            } catch {
                throw LiveTextError(.invalidArgs, "option 'only': \(error.description)")
            }
            self.only = kinds
            configuration.types.insert(.detectors)
            configuration.only = kinds
        }
        copy = try flag("copy") ?? false
        primary = try flag("primary") ?? false
        notify = try flag("notify") ?? false
        if let names = try strings("interaction") {
            do {
                interaction = try InteractionType.parseList(names)
            } catch {
                throw LiveTextError(.invalidArgs, "option 'interaction': \(error)")
            }
        }
        replace = try flag("replace") ?? false
    }
}
