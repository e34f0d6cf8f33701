/// `Settings` as a TOML tree with the file's key names, in the documented order. Used to find
/// what an update changed and to write those values back; decoding the result gives the same
/// settings (tested), which is what lets the store verify a write before committing it.
enum SettingsEncoder {
    static func encode(_ settings: Settings) -> ConfigTable {
        var root = ConfigTable()

        var analysis = ConfigTable()
        analysis["languages"] = strings(settings.analysis.languages)
        analysis["types"] = strings(settings.analysis.types.description.split(separator: ",").map(String.init))
        analysis["accessibility"] = .bool(settings.analysis.accessibility)
        root["analysis"] = .table(analysis)

        let i = settings.interaction
        var interaction = ConfigTable()
        interaction["preferred_interaction_types"] = strings(i.preferredInteractionTypes.map(\.rawValue))
        interaction["allow_data_detectors_in_text_mode"] = .bool(i.allowDataDetectorsInTextMode)
        interaction["supplementary_interface_hidden"] = .bool(i.supplementaryInterfaceHidden)
        interaction["supplementary_interface_content_insets"] =
            .array(i.supplementaryInterfaceContentInsets.values.map(ConfigValue.float))
        interaction["supplementary_interface_font"] = .string(i.supplementaryInterfaceFont)
        root["interaction"] = .table(interaction)

        var limits = ConfigTable()
        limits["max_pixels"] = .integer(settings.limits.maxPixels)
        limits["max_analyses_per_caller"] = .integer(settings.limits.maxAnalysesPerCaller)
        limits["max_running"] = .integer(settings.limits.maxRunning)
        limits["max_bytes_in_flight"] = .integer(settings.limits.maxBytesInFlight)
        limits["max_text_bytes"] = .integer(settings.limits.maxTextBytes)
        limits["analysis_lifetime_seconds"] = .integer(settings.limits.analysisLifetimeSeconds)
        limits["cached_images"] = .integer(settings.limits.cachedImages)
        limits["read_timeout_seconds"] = .integer(settings.limits.readTimeoutSeconds)
        root["limits"] = .table(limits)

        let a = settings.actions
        var actions = ConfigTable()
        actions["opener"] = strings(a.opener)
        actions["map_url"] = .string(a.mapURL)
        actions["flight_url"] = .string(a.flightURL)
        actions["lookup_url"] = .string(a.lookupURL)
        actions["translate_url"] = .string(a.translateURL)
        if let region = a.region { actions["region"] = .string(region) }
        root["actions"] = .table(actions)

        var clipboard = ConfigTable()
        clipboard["also_primary"] = .bool(settings.clipboard.alsoPrimary)
        root["clipboard"] = .table(clipboard)

        var notifications = ConfigTable()
        notifications["enabled"] = .bool(settings.notifications.enabled)
        notifications["timeout_ms"] = .integer(settings.notifications.timeoutMs)
        root["notifications"] = .table(notifications)

        var access = ConfigTable()
        access["allowed"] = strings(settings.access.allowed)
        access["denied"] = strings(settings.access.denied)
        if settings.access.remoteDisplays { access["remote_displays"] = .bool(true) }
        root["access"] = .table(access)

        var hotkeys = ConfigTable()
        for name in settings.hotkeys.keys.sorted() {
            let hotkey = settings.hotkeys[name]!
            var table = ConfigTable()
            table["keys"] = .string(hotkey.keys.description)
            table["action"] = .string(hotkey.action.rawValue)
            table["notify"] = .bool(hotkey.notify)
            if !hotkey.only.isEmpty { table["only"] = strings(hotkey.only.names) }
            hotkeys[name] = .table(table)
        }
        root["hotkeys"] = .table(hotkeys)
        return root
    }

    private static func strings(_ values: [String]) -> ConfigValue { .array(values.map(ConfigValue.string)) }
}
