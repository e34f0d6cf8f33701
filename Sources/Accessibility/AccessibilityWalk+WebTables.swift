import DBusKit
import LiveTextCore

extension AccessibleToolkit {
    /// The toolkit's web pages' tables (`<table>`) are read as tables (`Table`, measured on
    /// Firefox ESR 153 and Chromium 156: a `<th>` row is the table's row 0, its cells what
    /// `GetColumnHeader` answers; every cell has its place, scrolled out of view or not, and says
    /// SHOWING only in view; a cell's text is its own, a link or a paragraph in it one U+FFFC).
    var readsWebTables: Bool { self == .gecko || self == .chromium }
}

extension ATSPI {
    /// `AtspiRole` DOCUMENT_WEB: a page, its extents the part of it in view.
    static let documentWebRole = 95
    /// `AtspiCollectionMatchType` ANY.
    static let matchAny: Int32 = 2

    /// Collection's match rule: SHOWING web documents (role DOCUMENT_WEB, as a role bit set).
    static var showingDocumentRule: DBusValue {
        var roles = [Int32](repeating: 0, count: 4)
        roles[documentWebRole / 32] |= Int32(bitPattern: 1 << UInt32(documentWebRole % 32))
        return .structure([
            .array(.int32, [.int32(Int32(1 << showing)), .int32(0)]), .int32(matchAll),
            .dictionary(key: .string, value: .string, []), .int32(matchAll),
            .array(.int32, roles.map { .int32($0) }), .int32(matchAny),
            .array(.string, []), .int32(matchAll),
            .bool(false),
        ])
    }
}

extension AccessibilityWalk {
    /// Tables asked for on one page: a page shows a few at most.
    static let maxWebTables = 4

    /// A browser's SHOWING tables, each cut to the rows and columns in view (its page's part in
    /// view, and what its ancestors let show: `clip`) as an `AccessibleTable`, and the cell
    /// objects of them (their lines are the tables' to give).
    /// A table holding another (a page laid out with tables) is left to its lines, and so is one
    /// whose part in view has a cell spanning rows or columns. At most `maxTableCells` cells in
    /// all, from each table's first row in view: never a table's every row.
    func webTables(of root: AccessibleObject, toolkit: AccessibleToolkit) async
        -> (tables: [AccessibleTable], cells: Set<AccessibleObject>)
    {
        async let tableReply = try? call(root, "Collection", "GetMatches", [ATSPI.showingTableRule, .uint32(ATSPI.canonical),
                                                                             .int32(Int32(Self.maxWebTables)), .bool(true)])
        async let documentReply = try? call(root, "Collection", "GetMatches", [ATSPI.showingDocumentRule, .uint32(ATSPI.canonical),
                                                                                .int32(8), .bool(true)])
        let found = AccessibleObject.list((await tableReply)?.first)
        guard !found.isEmpty else { return ([], []) }
        let documents = AccessibleObject.list((await documentReply)?.first)
        async let documentPlaces = concurrently(documents.count) { await self.place(of: documents[$0]) }
        async let clips = concurrently(found.count) { await self.clip(of: found[$0]) }
        // A long table's place runs far past the screen (2000 rows: 56 000 pixels), unlike its cells'.
        let places = await concurrently(found.count) { await self.place(of: found[$0], limit: Int(Int32.max)) }
        let viewports = (await documentPlaces).compactMap { $0 }
        let boxes = await clips
        var tables: [AccessibleTable] = []
        var cells: Set<AccessibleObject> = []
        var budget = limits.maxTableCells
        for (index, table) in found.enumerated() where budget > 0 && !Task.isCancelled {
            guard let place = places[index],
                  !places.indices.contains(where: { $0 != index && places[$0].map { place.intersection($0) == $0 } == true }),
                  let viewport = viewports.max(by: { place.intersection($0).area < place.intersection($1).area })
            else { continue }
            let area = boxes[index].map { place.intersection(viewport).intersection($0) } ?? place.intersection(viewport)
            guard !area.isEmpty else { continue }
            let (read, objects, asked) = await webTable(table, area: area, budget: budget, toolkit: toolkit)
            budget -= asked
            if let read {
                tables.append(read)
                cells.formUnion(objects)
            }
        }
        return (tables, cells)
    }

    /// Ancestors asked for a table's clip: a page nests its tables a few deep.
    static let maxClipDepth = 16

    /// What the table's ancestors up to its page let show of it: the intersection of their
    /// places (a box scrolling a table cuts its rows off, which the page's part in view does not;
    /// Firefox's cells there are not SHOWING, their places where they would be). Nil when no
    /// ancestor gives a place; one with an empty place is passed over.
    func clip(of table: AccessibleObject) async -> Bounds? {
        var object = table
        var clip: Bounds?
        for _ in 0..<Self.maxClipDepth where !Task.isCancelled {
            guard let parent = AccessibleObject.one(await propertyValue(object, "Accessible", "Parent")) else { break }
            async let role = try? call(parent, "Accessible", "GetRole")
            if let place = await place(of: parent, limit: Int(Int32.max)) { clip = clip.map { $0.intersection(place) } ?? place }
            if (await role)?.first?.uint32 == UInt32(ATSPI.documentWebRole) { break }
            object = parent
        }
        return clip
    }

    /// One web table cut to `area` (the part of it in view): its header row when `GetColumnHeader`
    /// names row 0's cells and they show, then the rows from the first whose top is in view, as many
    /// as `area` can hold (at most `budget` cells, `maxTableRows` rows). Returns the table, the
    /// objects of its cells kept (with their children in Chromium), and how many cells were asked.
    func webTable(_ table: AccessibleObject, area: Bounds, budget: Int, toolkit: AccessibleToolkit) async
        -> (table: AccessibleTable?, cells: [AccessibleObject], asked: Int)
    {
        async let rowCount = integerProperty(table, "Table", "NRows")
        async let columnCount = integerProperty(table, "Table", "NColumns")
        async let header = try? call(table, "Table", "GetColumnHeader", [.int32(0)])
        async let corner = try? call(table, "Table", "GetAccessibleAt", [.int32(0), .int32(0)])
        // Row 0's and row 1's places meanwhile: the first row in view when the table's top is.
        async let zero = rowPlace(of: table, row: 0)
        async let one = rowPlace(of: table, row: 1)
        guard let totalRows = await rowCount, let totalColumns = await columnCount, totalRows > 0, totalColumns > 0
        else { return (nil, [], 0) }
        let (headerObject, cornerObject) = (AccessibleObject.one((await header)?.first), AccessibleObject.one((await corner)?.first))
        let headed = headerObject != nil && headerObject == cornerObject
        let columns = min(totalColumns, limits.maxTableColumns)
        let start = headed ? 1 : 0
        guard start < totalRows, let startPlace = headed ? await one : await zero,
              let (first, place) = await firstRow(of: table, from: (start, startPlace), count: totalRows, top: area.y)
        else { return (nil, [], 0) }
        let height = max(4, min(place.height, max(1, area.height)))
        let rows = min(totalRows - first, max(0, area.maxY - place.y) / height + 1, max(0, budget / columns - (headed ? 1 : 0)),
                       limits.maxTableRows)
        guard rows > 0 else { return (nil, [], 0) }
        let numbers = (headed ? [0] : []) + Array(first..<first + rows)
        let cells: [WebCell] = await concurrently(numbers.count * columns) { index in
            await self.webCell(of: table, row: numbers[index / columns], column: index % columns, toolkit: toolkit)
        }
        let asked = cells.count
        let read = cells.map(\.read)
        // A cell spanning rows or columns is answered for each of them; one missing leaves a hole.
        // A text whose place did not answer (the walk's deadline near) leaves the table to its lines.
        let objects = cells.map(\.object)
        guard !Task.isCancelled, !objects.contains(nil), Set(objects.compactMap { $0 }).count == objects.count,
              read.allSatisfy({ $0.text.isEmpty || $0.textBounds != nil })
        else { return (nil, [], asked) }
        var grid = stride(from: 0, to: read.count, by: columns).map { Array(read[$0..<$0 + columns]) }
        var headers = [AccessibleTable.ReadCell?](repeating: nil, count: columns)
        if headed {
            let top = grid.removeFirst()
            // A header scrolled out of view is no header of what shows; one in view ends where
            // the first row starts (collapsed borders: Chromium's overlap it by a pixel).
            let below = grid.first?.compactMap { $0.bounds?.y }.min() ?? area.maxY
            if top.allSatisfy({ $0.bounds.map { $0.y >= area.y && $0.maxY <= area.maxY && $0.y < below } ?? false }) {
                headers = top.map { cell in
                    cell.bounds.map { place in
                        AccessibleTable.ReadCell(text: cell.text, bounds: Bounds(x: place.x, y: place.y, width: place.width,
                                                                                 height: min(place.height, below - place.y)),
                                                 textBounds: nil)
                    }
                }
            }
        }
        guard let visible = AccessibleTable.visible(headers: headers, rows: grid, area: area) else { return (nil, [], asked) }
        // A kept cell by its corner and width (a header's height is cut to the first row's top).
        let kept = Set(visible.cells.map { [$0.bounds.x, $0.bounds.y, $0.bounds.width] })
        let keptObjects = cells.filter { cell in
            cell.read.bounds.map { $0.intersection(area) }.map { kept.contains([$0.x, $0.y, $0.width]) } == true
        }.flatMap { [$0.object].compactMap { $0 } + $0.children }
        return (visible, keptObjects, asked)
    }

    /// The first row from `start` (its place read) whose cell in column 0 has its top at `top` or
    /// below, and that cell's place (rows lie top to bottom: a binary search, a few calls even for
    /// a long table); nil when no row is there or a cell gives no place.
    func firstRow(of table: AccessibleObject, from start: (row: Int, place: Bounds), count: Int, top: Int) async
        -> (row: Int, place: Bounds)?
    {
        if start.place.y >= top { return start }
        var (low, high) = (start.row + 1, count)
        var found: (row: Int, place: Bounds)?
        while low < high, !Task.isCancelled {
            let middle = (low + high) / 2
            guard let middlePlace = await rowPlace(of: table, row: middle) else { return nil }
            if middlePlace.y >= top {
                high = middle
                found = (middle, middlePlace)
            } else {
                low = middle + 1
            }
        }
        guard low < count, let found, found.row == low else { return nil }
        return found
    }

    /// The place of a row's cell in column 0; nil when the table names none or it gives none.
    func rowPlace(of table: AccessibleObject, row: Int) async -> Bounds? {
        guard let cell = AccessibleObject.one((try? await call(table, "Table", "GetAccessibleAt",
                                                               [.int32(Int32(clamping: row)), .int32(0)]))?.first)
        else { return nil }
        return await place(of: cell)
    }

    /// One web cell: its text on one line (each embedded object, a link or a paragraph, by its
    /// text; blanks collapsed; at most `maxTableCellCharacters`), place and its text's extents;
    /// no cell object where the table names none or its text does not answer.
    func webCell(of table: AccessibleObject, row: Int, column: Int, toolkit: AccessibleToolkit) async -> WebCell {
        let quirks = toolkit.quirks
        guard !Task.isCancelled,
              let cell = AccessibleObject.one((try? await call(table, "Table", "GetAccessibleAt",
                                                               [.int32(Int32(clamping: row)), .int32(Int32(clamping: column))]))?.first)
        else { return WebCell(read: Self.unread) }
        // Firefox's length first (it answers `GetText` asked past the end with nothing), then its
        // text and the whole text's extents together; Chromium's text at once.
        async let place = self.place(of: cell)
        // Chromium publishes a cell's text again in its leaves: not read again as lines.
        async let childReply = toolkit == .chromium ? try? call(cell, "Accessible", "GetChildren") : nil
        var count: Int?
        if quirks.countsCharactersFirst {
            guard let answered = await integerProperty(cell, "Text", "CharacterCount") else { return WebCell(read: Self.unread) }
            count = max(0, answered)
        }
        let end = min(count ?? .max, limits.maxTableCellCharacters)
        let coordinates = DBusValue.uint32(ATSPI.screenCoordinates)
        async let textReply = end > 0 ? try? call(cell, "Text", "GetText", [.int32(0), .int32(Int32(clamping: end))]) : nil
        async let wholeExtents = end > 0 && quirks.countsCharactersFirst
            ? try? call(cell, "Text", "GetRangeExtents", [.int32(0), .int32(Int32(clamping: end)), coordinates]) : nil
        let whole = (await textReply)?.first?.string
        // A length or a text not answered is no empty cell: no cell, the table left to its lines.
        if end > 0, whole == nil { return WebCell(read: Self.unread) }
        let children = AccessibleObject.list((await childReply)?.first)
        let embedded = whole?.unicodeScalars.contains("\u{FFFC}") == true ? await embeddedTexts(of: cell, quirks: quirks) : [:]
        guard let whole, let (text, span) = Self.cellText(whole, embedded: embedded) else {
            return WebCell(read: AccessibleTable.ReadCell(text: "", bounds: await place, textBounds: nil), object: cell, children: children)
        }
        var extents = await wholeExtents
        if extents == nil || span != 0..<end {
            extents = try? await call(cell, "Text", "GetRangeExtents", [.int32(Int32(clamping: span.lowerBound)),
                                                                        .int32(Int32(clamping: span.upperBound)), coordinates])
        }
        return WebCell(read: AccessibleTable.ReadCell(text: text, bounds: await place, textBounds: box(ATSPI.integers(extents ?? []))),
                       object: cell, children: children)
    }

    /// A cell not read.
    static let unread = AccessibleTable.ReadCell(text: "", bounds: nil, textBounds: nil)

    /// One web cell as read: its text and place, its object (nil: not read) and, in Chromium, its
    /// children (leaves repeating its text, a link, a paragraph).
    struct WebCell: Sendable {
        var read: AccessibleTable.ReadCell
        var object: AccessibleObject? = nil
        var children: [AccessibleObject] = []
    }

    /// A web cell's text on one line: each U+FFFC replaced by `embedded`'s text for its offset
    /// (two embedded objects side by side, two paragraphs, apart by a space), blanks collapsed;
    /// with the offsets of its first and last visible characters. Nil when nothing is left.
    static func cellText(_ text: String, embedded: [Int: String]) -> (text: String, span: Range<Int>)? {
        var out = String.UnicodeScalarView()
        var (first, last): (Int?, Int) = (nil, 0)
        var previousEmbedded = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == "\u{FFFC}" {
                guard let inner = embedded[offset], !inner.isEmpty else { continue }
                if previousEmbedded { out.append(" ") }
                out.append(contentsOf: inner.unicodeScalars)
                previousEmbedded = true
            } else {
                out.append(scalar)
                previousEmbedded = false
                if blank(scalar) { continue }
            }
            first = first ?? offset
            last = offset
        }
        let flat = flattened(String(out))
        guard let first, !flat.isEmpty else { return nil }
        return (flat, first..<last + 1)
    }
}

extension AccessibleLine {
    /// `lines` without those inside a cell of `tables` (2 pixels of slack): a browser publishes a
    /// cell's text again in its leaves, links and paragraphs, which the table already gives.
    static func outside(_ lines: [AccessibleLine], cellsOf tables: [AccessibleTable]) -> [AccessibleLine] {
        let places = tables.flatMap(\.cells).map(\.bounds)
        guard !places.isEmpty else { return lines }
        return lines.filter { line in
            let box = line.bounds
            return !places.contains { box.x >= $0.x - 2 && box.y >= $0.y - 2 && box.maxX <= $0.maxX + 2 && box.maxY <= $0.maxY + 2 }
        }
    }
}
