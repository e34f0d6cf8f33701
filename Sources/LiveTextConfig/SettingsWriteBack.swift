/// Works out which values of the file an update changes and edits just those (see
/// `TOMLTextEditor`), so the user's comments, layout and unknown keys survive.
enum SettingsWriteBack {
    /// `text` (which reads as `old`) edited to read as `new`. The caller re-parses the result to
    /// verify it before writing anything.
    static func edit(_ text: String, from old: Settings, to new: Settings, file: String) throws(ConfigError) -> String {
        let oldTree = SettingsEncoder.encode(old)
        let newTree = SettingsEncoder.encode(new)
        let whole: ([String]) -> ConfigValue? = { newTree.value(at: $0) }
        let oldLeaves = Dictionary(oldTree.leaves().map { ($0.path, $0.value) }, uniquingKeysWith: { $1 })
        let newLeaves = newTree.leaves()
        let newLeafPaths = Set(newLeaves.map(\.path))
        let newTables = newTree.tablePaths()
        var editor = TOMLTextEditor(text: text)
        do throws(LayoutError) {
            // Tables that went away (a removed hotkey), deepest first.
            for path in oldTree.tablePaths().subtracting(newTables).sorted(by: { $0.count > $1.count }) {
                try editor.removeTable(path, whole: whole)
            }
            // Keys that went away inside tables that remain (an optional value set to nil).
            for (path, _) in oldTree.leaves() where !newLeafPaths.contains(path)
                && newTables.contains(Array(path.dropLast())) {
                try editor.remove(path, whole: whole)
            }
            // Hotkeys absent from the file are the defaults; once the set changes it must be
            // written whole, or the defaults not named in the file would vanish on reading back.
            let document = (try? TOMLDocument.parse(text)) ?? ConfigTable()
            let writeAllHotkeys = old.hotkeys != new.hotkeys && document["hotkeys"] == nil
            for (path, value) in newLeaves {
                let isHotkey = path.first == "hotkeys"
                guard oldLeaves[path] != value || (isHotkey && writeAllHotkeys) else { continue }
                try editor.set(path, to: value, whole: whole)
            }
            // With every hotkey gone, an empty table must say so; no table would mean the defaults.
            if new.hotkeys.isEmpty && old.hotkeys != new.hotkeys {
                try editor.ensureTable(["hotkeys"])
            }
        } catch {
            throw ConfigError(.io, "cannot edit the file in place (\(error.message) at byte \(error.offset)); "
                              + "not written", file: file)
        }
        return editor.text
    }
}
