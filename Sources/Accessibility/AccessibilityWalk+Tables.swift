import DBusKit
import LiveTextCore

extension AccessibleToolkit {
    /// The toolkit's tables are read as tables (`Table`, measured on GTK 3.24's tree views: cells
    /// scrolled out of view have no place, the first row shown is found at a point).
    var readsTables: Bool { self == .gtk3 }
}

extension ATSPI {
    /// Collection's match rule: SHOWING objects that implement Table (the text rule, its
    /// interface `Table`).
    static var showingTableRule: DBusValue {
        guard var fields = showingTextRule.fields, fields.count > 6 else { return showingTextRule }
        fields[6] = .array(.string, [.string("Table")])
        return .structure(fields)
    }
}

extension AccessibilityWalk {
    /// The application's first SHOWING table, cut to the cells that show whole
    /// (`AccessibleTable`), and every cell object read for it (their lines are the table's to
    /// give): at most `maxTableCells` cells, from the first row shown, never a table's every row.
    /// One table: asked for more, GTK 3's `GetMatches` looks for the next one through every cell
    /// of the first (a million-row tree view never answers); asked for one, it stops there.
    func tables(of root: AccessibleObject) async -> (tables: [AccessibleTable], cells: Set<AccessibleObject>) {
        let arguments: [DBusValue] = [ATSPI.showingTableRule, .uint32(ATSPI.canonical), .int32(1), .bool(true)]
        guard let reply = try? await call(root, "Collection", "GetMatches", arguments),
              let found = AccessibleObject.list(reply.first).first
        else { return ([], []) }
        let (table, cells) = await table(found)
        return (table.map { [$0] } ?? [], Set(cells))
    }

    /// One table: its place, size and headers, and meanwhile the row at a point a third down it
    /// (else just below the headers) and the rows above it that may show; then as many rows from
    /// there as its height can show, every cell's text, place and text extents asked at once.
    /// `named`: the toolkit's cells have no Text, their text is their name, and its row headers
    /// may take the table's left side (Qt).
    func table(_ table: AccessibleObject, named: Bool = false) async -> (AccessibleTable?, [AccessibleObject]) {
        async let extents = try? call(table, "Component", "GetExtents", [.uint32(ATSPI.screenCoordinates)])
        async let rowCount = integerProperty(table, "Table", "NRows")
        async let columnCount = integerProperty(table, "Table", "NColumns")
        guard let area = box(ATSPI.integers(await extents ?? [])), let totalRows = await rowCount,
              let totalColumns = await columnCount, totalRows > 0, totalColumns > 0
        else { return (nil, []) }
        let columns = min(totalColumns, limits.maxTableColumns)
        let x = area.x + min(4, area.width / 2)
        async let third = row(of: table, at: (x, area.y + area.height / 3))
        let headers: [AccessibleTable.ReadCell?] = await concurrently(columns) { column in
            guard let reply = try? await self.call(table, "Table", "GetColumnHeader", [.int32(Int32(column))]),
                  let header = AccessibleObject.one(reply.first)
            else { return nil }
            async let name = self.property(header, "Accessible", "Name")
            async let place = try? self.call(header, "Component", "GetExtents", [.uint32(ATSPI.screenCoordinates)])
            guard let bounds = self.box(ATSPI.integers(await place ?? [])) else { return nil }
            return AccessibleTable.ReadCell(text: await name ?? "", bounds: bounds, textBounds: nil)
        }
        // No row there (a short table in a tall view), or a header (a low one): the row just below the headers.
        let top = headers.compactMap { $0?.bounds?.maxY }.filter { $0 < area.maxY }.max() ?? area.y
        var anchor = await third
        // Qt's row headers take the table's left side: the point in the first column, under its header.
        let header = named ? headers.compactMap { $0?.bounds }.first : nil
        let column = header.map { $0.x + min(4, $0.width / 2) } ?? x
        if anchor == nil, column != x, !Task.isCancelled { anchor = await row(of: table, at: (column, area.y + area.height / 3)) }
        if anchor.map({ $0.place.y < top }) ?? true, !Task.isCancelled { anchor = await row(of: table, at: (column, top + 1)) }
        guard let (row, place) = anchor, place.y >= top - place.height, !Task.isCancelled else { return (nil, []) }
        let height = max(place.height, 4)
        let first = max(0, row - (place.y - area.y + height - 1) / height)
        let rows = min(totalRows - first, area.height / height + 2, limits.maxTableCells / columns, limits.maxTableRows)
        guard rows > 0 else { return (nil, []) }
        let read: [(AccessibleTable.ReadCell, AccessibleObject?)] = await concurrently(rows * columns) { index in
            await self.cell(of: table, row: first + index / columns, column: index % columns, named: named)
        }
        let grid = stride(from: 0, to: read.count, by: columns).map { read[$0..<$0 + columns].map(\.0) }
        let visible = AccessibleTable.visible(headers: headers, rows: grid, area: area)
        return (visible, visible == nil ? [] : read.compactMap(\.1))
    }

    /// The row of the cell at `point` and that cell's place; nil when the table names no cell
    /// there. Its row is its `TableCell.Position` where the toolkit gives one, else the table's
    /// row of its index.
    func row(of table: AccessibleObject, at point: (x: Int, y: Int)) async -> (row: Int, place: Bounds)? {
        guard let reply = try? await call(table, "Component", "GetAccessibleAtPoint",
                                          [.int32(Int32(clamping: point.x)), .int32(Int32(clamping: point.y)),
                                           .uint32(ATSPI.screenCoordinates)]),
              let cell = AccessibleObject.one(reply.first)
        else { return nil }
        async let position = propertyValue(cell, "TableCell", "Position")
        async let index = try? call(cell, "Accessible", "GetIndexInParent")
        async let extents = try? call(cell, "Component", "GetExtents", [.uint32(ATSPI.screenCoordinates)])
        guard let place = box(ATSPI.integers(await extents ?? [])) else { return nil }
        if let fields = (await position)?.fields, fields.count == 2, let row = fields[0].int32, row >= 0 {
            return (Int(row), place)
        }
        guard let child = (await index)?.first?.int32, child >= 0,
              let row = (try? await call(table, "Table", "GetRowAtIndex", [.int32(child)]))?.first?.int32, row >= 0
        else { return nil }
        return (Int(row), place)
    }

    /// One cell's text (at most `maxTableCellCharacters`, without surrounding blanks), place and
    /// its text's extents; an empty cell where it does not answer. `named`: its text is its
    /// name (Qt's cells have no Text), no extents.
    func cell(of table: AccessibleObject, row: Int, column: Int, named: Bool = false) async
        -> (AccessibleTable.ReadCell, AccessibleObject?) {
        let empty = AccessibleTable.ReadCell(text: "", bounds: nil, textBounds: nil)
        guard !Task.isCancelled,
              let reply = try? await call(table, "Table", "GetAccessibleAt",
                                          [.int32(Int32(clamping: row)), .int32(Int32(clamping: column))]),
              let cell = AccessibleObject.one(reply.first)
        else { return (empty, nil) }
        if named { return await namedCell(cell) }
        let coordinates = DBusValue.uint32(ATSPI.screenCoordinates)
        async let place = try? call(cell, "Component", "GetExtents", [coordinates])
        async let text = try? call(cell, "Text", "GetText", [.int32(0), .int32(Int32(clamping: limits.maxTableCellCharacters))])
        let bounds = box(ATSPI.integers(await place ?? []))
        guard let whole = (await text)?.first?.string,
              let span = Self.cleaned(LineSpan(text: whole, start: 0, end: whole.unicodeScalars.count))
        else { return (AccessibleTable.ReadCell(text: "", bounds: bounds, textBounds: nil), cell) }
        let extents = try? await call(cell, "Text", "GetRangeExtents",
                                      [.int32(Int32(clamping: span.start)), .int32(Int32(clamping: span.end)), coordinates])
        return (AccessibleTable.ReadCell(text: span.text, bounds: bounds, textBounds: box(ATSPI.integers(extents ?? []))), cell)
    }

    /// `body` of `0..<count`, all asked at once, in order.
    func concurrently<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) async -> T) async -> [T] {
        await withTaskGroup(of: (Int, T).self) { group in
            for index in 0..<count { group.addTask { (index, await body(index)) } }
            var results = [T?](repeating: nil, count: count)
            for await (index, value) in group { results[index] = value }
            return results.map { $0! }
        }
    }
}
