import DBusKit
import LiveTextConfig
import LiveTextCore

extension LiveTextService {
    /// `org.livetext.Interaction1`: the persisted interaction settings (VisionKit's
    /// `ImageAnalysisInteraction`). A `Set` writes the settings file, keeping the user's comments.
    func interactionInterface() -> DBusInterface {
        @Sendable func update(_ change: @escaping (inout Settings) -> Void) throws {
            do {
                try settings.update(change)
            } catch {
                throw DBusError.livetext(.invalidArgs, error.description)
            }
        }
        return DBusInterface(ServiceNames.interaction, doc: """
            How results are offered (VisionKit's ImageAnalysisInteraction and its supplementary interface). \
            Saved in $XDG_CONFIG_HOME/livetext/config.toml.
            """,
            properties: [
                DBusProperty("PreferredInteractionTypes", type: "as",
                             doc: "automatic, textSelection, dataDetectors, or none alone.",
                             get: { .strings(self.settings.settings.interaction.preferredInteractionTypes.map(\.rawValue)) },
                             set: { value in
                                 let names = value.stringArray ?? []
                                 var types: [InteractionType] = []
                                 for name in names {
                                     guard let type = InteractionType(rawValue: name) else {
                                         throw DBusError.livetext(.invalidArgs, "unknown interaction type '\(name)'")
                                     }
                                     types.append(type)
                                 }
                                 try update { $0.interaction.preferredInteractionTypes = types }
                             }),
                DBusProperty("AllowDataDetectorsInTextMode", type: "b",
                             doc: "In textSelection mode, detector actions are still offered as secondary actions.",
                             get: { .bool(self.settings.settings.interaction.allowDataDetectorsInTextMode) },
                             set: { value in
                                 let flag = value.bool ?? true
                                 try update { $0.interaction.allowDataDetectorsInTextMode = flag }
                             }),
                DBusProperty("SupplementaryInterfaceHidden", type: "b",
                             doc: "Hides the notification with the Live Text button and quick actions.",
                             get: { .bool(self.settings.settings.interaction.supplementaryInterfaceHidden) },
                             set: { value in
                                 let flag = value.bool ?? false
                                 try update { $0.interaction.supplementaryInterfaceHidden = flag }
                             }),
                DBusProperty("SupplementaryInterfaceContentInsets", type: "(dddd)",
                             doc: "Top, left, bottom, right insets of the supplementary interface, in points.",
                             get: {
                                 let insets = self.settings.settings.interaction.supplementaryInterfaceContentInsets
                                 return .structure(insets.values.map(DBusValue.double))
                             },
                             set: { value in
                                 let fields = (value.fields ?? []).compactMap(\.double)
                                 guard fields.count == 4 else { throw DBusError.livetext(.invalidArgs, "expected (dddd)") }
                                 try update {
                                     $0.interaction.supplementaryInterfaceContentInsets =
                                         EdgeInsets(top: fields[0], left: fields[1], bottom: fields[2], right: fields[3])
                                 }
                             }),
                DBusProperty("SupplementaryInterfaceFont", type: "s",
                             doc: "Font family and weight, e.g. \"Cantarell Bold\"; a point size is ignored.",
                             get: { .string(self.settings.settings.interaction.supplementaryInterfaceFont) },
                             set: { value in
                                 let font = value.string ?? ""
                                 try update { $0.interaction.supplementaryInterfaceFont = font }
                             }),
            ])
    }

    static func interactionValues(_ interaction: InteractionSettings) -> [String: DBusValue] {
        [
            "PreferredInteractionTypes": .strings(interaction.preferredInteractionTypes.map(\.rawValue)),
            "AllowDataDetectorsInTextMode": .bool(interaction.allowDataDetectorsInTextMode),
            "SupplementaryInterfaceHidden": .bool(interaction.supplementaryInterfaceHidden),
            "SupplementaryInterfaceContentInsets": .structure(interaction.supplementaryInterfaceContentInsets.values.map(DBusValue.double)),
            "SupplementaryInterfaceFont": .string(interaction.supplementaryInterfaceFont),
        ]
    }
}
