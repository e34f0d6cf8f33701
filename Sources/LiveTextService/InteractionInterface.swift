import DBusKit
import LiveTextConfig
import LiveTextCore
import LiveTextInteraction

extension LiveTextService {
    /// `org.livetext.Interaction1`: the persisted interaction settings (VisionKit's
    /// `ImageAnalysisInteraction`). A `Set` writes the settings file, keeping the user's comments.
    func interactionInterface() -> DBusInterface {
        DBusInterface(ServiceNames.interaction, doc: """
            How results are offered (VisionKit's ImageAnalysisInteraction and its supplementary interface). \
            Saved in $XDG_CONFIG_HOME/livetext/config.toml. A value out of bounds is InvalidArgs; a file that \
            cannot be written is Failed, and the value is not applied.
            """,
            properties: InteractionProperty.all.map { property in
                DBusProperty(property.name, type: property.type, doc: property.doc,
                             get: { property.value(self.settings.settings.interaction) },
                             set: { value, _ in
                                 let change = try property.change(value)
                                 do throws(ConfigError) {
                                     try self.settings.update { change(&$0.interaction) }
                                 } catch {
                                     // A value outside what the setting accepts is the caller's
                                     // error; a file that cannot be read or written is not.
                                     let code: LiveTextError.Code = error.file == nil ? .invalidArgs : .failed
                                     throw DBusError.livetext(code, error.description)
                                 }
                             })
            })
    }

    /// Every `Interaction1` property's value, for `PropertiesChanged` after the settings changed.
    static func interactionValues(_ interaction: InteractionSettings) -> [String: DBusValue] {
        Dictionary(uniqueKeysWithValues: InteractionProperty.all.map { ($0.name, $0.value(interaction)) })
    }
}

/// One `Interaction1` property: its D-Bus shape, how it reads from the settings, and how a
/// value set over the bus changes them (checked before anything is written).
struct InteractionProperty: Sendable {
    let name: String
    let type: DBusType
    let doc: String
    let value: @Sendable (InteractionSettings) -> DBusValue
    let change: @Sendable (DBusValue) throws -> @Sendable (inout InteractionSettings) -> Void

    static let all: [InteractionProperty] = [
        InteractionProperty(
            name: "PreferredInteractionTypes", type: "as", doc: "automatic, textSelection, dataDetectors, or none alone.",
            value: { .strings($0.preferredInteractionTypes.map(\.rawValue)) },
            change: { value in
                let types: [InteractionType]
                do {
                    types = try InteractionType.parseList(value.stringArray ?? [])
                } catch {
                    throw DBusError.livetext(.invalidArgs, "\(error)")
                }
                return { $0.preferredInteractionTypes = types }
            }),
        InteractionProperty(
            name: "AllowDataDetectorsInTextMode", type: "b",
            doc: "In textSelection mode, detector actions are still offered as secondary actions.",
            value: { .bool($0.allowDataDetectorsInTextMode) },
            change: { value in
                let flag = value.bool ?? true
                return { $0.allowDataDetectorsInTextMode = flag }
            }),
        InteractionProperty(
            name: "SupplementaryInterfaceHidden", type: "b",
            doc: "Draws no Live Text button and no quick-action chips on the notification's preview image; the notification and its action buttons still show (PreferredInteractionTypes none shows no notification).",
            value: { .bool($0.supplementaryInterfaceHidden) },
            change: { value in
                let flag = value.bool ?? false
                return { $0.supplementaryInterfaceHidden = flag }
            }),
        InteractionProperty(
            name: "SupplementaryInterfaceContentInsets", type: "(dddd)",
            doc: "Top, left, bottom, right insets of the supplementary interface inside the notification's preview image, in its pixels, each from 0 to \(Int(InteractionSettings.insetRange.upperBound)).",
            value: { .structure($0.supplementaryInterfaceContentInsets.values.map(DBusValue.double)) },
            change: { value in
                let fields = (value.fields ?? []).compactMap(\.double)
                guard fields.count == 4 else { throw DBusError.livetext(.invalidArgs, "expected (dddd)") }
                let insets = EdgeInsets(top: fields[0], left: fields[1], bottom: fields[2], right: fields[3])
                return { $0.supplementaryInterfaceContentInsets = insets }
            }),
        InteractionProperty(
            name: "SupplementaryInterfaceFont", type: "s",
            doc: "Font family and weight, e.g. \"Cantarell Bold\", at most \(InteractionSettings.maxFontNameLength) characters; a point size is ignored.",
            value: { .string($0.supplementaryInterfaceFont) },
            change: { value in
                let font = value.string ?? ""
                return { $0.supplementaryInterfaceFont = font }
            }),
    ]
}
