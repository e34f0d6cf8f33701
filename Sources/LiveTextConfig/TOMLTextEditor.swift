/// Edits TOML text in place, one setting at a time, leaving every other byte alone: comments,
/// blank lines, unknown keys and the order of keys all survive a write-back.
///
/// - An existing `key = value` gets just its value replaced (indentation and trailing comment stay).
/// - A missing key goes after the last key of its table, or under the table's header.
/// - A missing table is appended at the end of the file.
/// - A key inside an inline table (`text = { keys = "…" }`) has the whole inline table replaced,
///   since editing inside one would need a second, nested layout.
struct TOMLTextEditor {
    private(set) var bytes: [UInt8]
    /// The file's line ending, so added lines match the lines around them.
    private let newline: [UInt8]

    init(text: String) {
        bytes = Array(text.utf8)
        newline = text.utf8.contains(UInt8(ascii: "\r")) && text.contains("\r\n") ? [13, 10] : [10]
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Sets the value at `path`. `whole` gives the new value of any containing path, for the case
    /// where the key sits inside an inline table that has to be rewritten whole.
    mutating func set(_ path: [String], to value: ConfigValue,
                      whole: ([String]) -> ConfigValue?) throws(LayoutError) {
        let layout = try TOMLLayout(scanning: bytes)
        let entries = layout.entries.filter { !$0.inArrayTable }
        if let entry = entries.last(where: { $0.fullPath == path }) {
            replace(entry.valueRange, with: TOMLRendering.render(value))
            return
        }
        if let entry = entries.last(where: { path.starts(with: $0.fullPath) }) {
            rewrite(entry, whole: whole)
            return
        }
        let table = Array(path.dropLast())
        // Keys already in the table: under its header, or dotted keys under a parent's header.
        let siblings = entries.filter {
            table.starts(with: $0.table) && $0.fullPath.count > table.count && $0.fullPath.starts(with: table)
        }
        if let anchor = siblings.last {
            let key = TOMLRendering.path(Array(path.dropFirst(anchor.table.count)))
            insertLine(anchor.indent + Array((key + " = " + TOMLRendering.render(value)).utf8), at: anchor.lineEnd)
            return
        }
        let line = Array((TOMLRendering.key(path[path.count - 1]) + " = " + TOMLRendering.render(value)).utf8)
        if let header = layout.headers.last(where: { $0.path == table && !$0.isArray }) {
            insertLine(line, at: header.lineEnd)
        } else if table.isEmpty {
            // Root keys must come before the first header, or they would land in that table.
            insertLine(line, at: layout.headers.first?.lineStart ?? bytes.count)
        } else {
            appendTable(table, lines: [line])
        }
    }

    /// Removes the key at `path` with its whole line (its trailing comment too).
    mutating func remove(_ path: [String], whole: ([String]) -> ConfigValue?) throws(LayoutError) {
        let layout = try TOMLLayout(scanning: bytes)
        let entries = layout.entries.filter { !$0.inArrayTable }
        if let entry = entries.last(where: { $0.fullPath == path }) {
            bytes.removeSubrange(entry.lineStart..<entry.lineEnd)
        } else if let entry = entries.last(where: { path.starts(with: $0.fullPath) }) {
            rewrite(entry, whole: whole)
        }
    }

    /// Removes a table: its header line through its last key (comments after that stay, as they
    /// usually introduce what follows), or its dotted keys, or rewrites an inline table holding it.
    mutating func removeTable(_ path: [String], whole: ([String]) -> ConfigValue?) throws(LayoutError) {
        let layout = try TOMLLayout(scanning: bytes)
        let entries = layout.entries.filter { !$0.inArrayTable }
        if let header = layout.headers.last(where: { $0.path == path && !$0.isArray }) {
            let end = entries.filter { $0.table == path }.map(\.lineEnd).max() ?? header.lineEnd
            bytes.removeSubrange(header.lineStart..<max(end, header.lineEnd))
            return
        }
        let dotted = entries.filter { $0.fullPath.count > path.count && $0.fullPath.starts(with: path) }
        if !dotted.isEmpty {
            for entry in dotted.reversed() { bytes.removeSubrange(entry.lineStart..<entry.lineEnd) }
        } else if let entry = entries.last(where: { path.starts(with: $0.fullPath) }) {
            rewrite(entry, whole: whole)
        }
    }

    /// Makes sure a table exists (an empty `[hotkeys]` means "no hotkeys").
    mutating func ensureTable(_ path: [String]) throws(LayoutError) {
        let layout = try TOMLLayout(scanning: bytes)
        let exists = layout.headers.contains { $0.path.starts(with: path) }
            || layout.entries.contains { $0.fullPath.starts(with: path) || path.starts(with: $0.fullPath) }
        if !exists { appendTable(path, lines: []) }
    }

    // MARK: - Byte edits

    /// Replaces the value of `entry` (an inline table or a dotted parent) with the new whole value.
    private mutating func rewrite(_ entry: TOMLLayout.Entry, whole: ([String]) -> ConfigValue?) {
        if let value = whole(entry.fullPath) {
            replace(entry.valueRange, with: TOMLRendering.render(value))
        } else {
            bytes.removeSubrange(entry.lineStart..<entry.lineEnd)
        }
    }

    private mutating func replace(_ range: Range<Int>, with text: String) {
        bytes.replaceSubrange(range, with: Array(text.utf8))
    }

    /// Inserts `line` plus a newline at `offset`, which is a line start, or the end of a text that
    /// may lack its final newline.
    private mutating func insertLine(_ line: [UInt8], at offset: Int) {
        var insertion = line + newline
        if offset == bytes.count, let last = bytes.last, last != UInt8(ascii: "\n") {
            insertion = newline + insertion
        }
        bytes.insert(contentsOf: insertion, at: offset)
    }

    /// Appends `[path]` and `lines` at the end, after a blank line.
    private mutating func appendTable(_ path: [String], lines: [[UInt8]]) {
        var tail: [UInt8] = []
        if let last = bytes.last {
            let endsWithBlankLine = bytes.suffix(2).elementsEqual([10, 10]) || bytes.suffix(3).elementsEqual([10, 13, 10])
            if last != UInt8(ascii: "\n") {
                tail += newline + newline
            } else if !endsWithBlankLine {
                tail += newline
            }
        }
        tail += Array(("[" + TOMLRendering.path(path) + "]").utf8) + newline
        for line in lines { tail += line + newline }
        bytes += tail
    }
}
