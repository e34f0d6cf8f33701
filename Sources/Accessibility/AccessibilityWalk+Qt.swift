import DBusKit
import LiveTextCore

extension AccessibilityWalk {
    /// What a breadth-first walk found in one application: its text objects and, where labels
    /// are names (Qt), its labels and tables.
    struct Descent: Sendable {
        var texts: [AccessibleObject] = []
        /// SHOWING labels without Text: their name is their text.
        var labels: [AccessibleObject] = []
        /// SHOWING tables, top level first; their children were not asked for.
        var tables: [AccessibleObject] = []

        var count: Int { texts.count + labels.count }

        mutating func add(_ visit: Visit) {
            if visit.hasText {
                texts.append(visit.object)
            } else if visit.isTable {
                tables.append(visit.object)
            } else if visit.role == ATSPI.labelRole {
                labels.append(visit.object)
            }
        }
    }

    /// A visit where labels are names (Qt): the object's states, interfaces and role first, its
    /// children then only when it shows and is no table. A table's children are its every cell
    /// (Qt makes an object for each as it is asked: a million rows never answer); its cells are
    /// read through `Table` instead.
    func visitAskingFirst(_ object: AccessibleObject, isRoot: Bool, quirks: AccessibleToolkit.Quirks) async -> Visit {
        async let states = try? call(object, "Accessible", "GetState")
        async let interfaces = try? call(object, "Accessible", "GetInterfaces")
        async let role = try? call(object, "Accessible", "GetRole")
        let names = (await interfaces)?.first?.stringArray ?? []
        var visit = Visit(object: object, states: await states ?? [], hasText: names.contains(ATSPI.textInterface),
                          children: [], role: (await role)?.first?.uint32, isTable: names.contains(ATSPI.tableInterface))
        if isRoot || (visit.isShown(quirks) && !visit.isTable) {
            visit.children = AccessibleObject.list((try? await call(object, "Accessible", "GetChildren"))?.first)
        }
        return visit
    }

    /// The labels' lines: each one's name, in its widget's box (the toolkit says no more: the
    /// line is found in it by its ink), a name of several lines in bands of the box, untrusted.
    func lines(ofLabels labels: [AccessibleObject]) async -> [AccessibleLine] {
        let read: [[AccessibleLine]] = await concurrently(labels.count) { index in
            let label = labels[index]
            async let name = self.property(label, "Accessible", "Name")
            async let place = self.place(of: label)
            guard let widget = await place, let text = await name else { return [] }
            let texts = String(text.unicodeScalars.prefix(self.limits.maxCharacters))
                .split(separator: "\n", omittingEmptySubsequences: false).prefix(self.limits.maxLines)
                .map { LineSpan(text: String($0), start: 0, end: $0.unicodeScalars.count) }
            let spans = texts.compactMap { Self.cleaned($0) }
            guard !spans.isEmpty else { return [] }
            let bands = spans.count == 1 ? [widget] : Self.bands(of: widget, count: spans.count)
            return zip(spans, bands).compactMap { span, band in
                band.map { AccessibleLine(text: span.text, bounds: $0, widget: widget, geometryTrusted: false,
                                          boxIsWidget: spans.count == 1) }
            }
        }
        return read.flatMap { $0 }
    }

    /// The first table the walk found, read (`table(_:)`); nil when none was found or it shows
    /// too little of itself.
    func firstTable(of descent: Descent) async -> AccessibleTable? {
        guard let found = descent.tables.first else { return nil }
        return await table(found, named: true).0
    }

    /// A cell whose text is its name (Qt 5's have no Text): its name, else (none) its Text, its
    /// length asked first; at most `maxTableCellCharacters`, without surrounding blanks; and its
    /// place; no text extents.
    func namedCell(_ cell: AccessibleObject) async -> (AccessibleTable.ReadCell, AccessibleObject?) {
        async let place = place(of: cell)
        async let named = property(cell, "Accessible", "Name")
        var whole = String((await named ?? "").unicodeScalars.prefix(limits.maxTableCellCharacters))
        if Self.cleaned(LineSpan(text: whole, start: 0, end: whole.unicodeScalars.count)) == nil,
           case let count = min(await characterCount(of: cell), limits.maxTableCellCharacters), count > 0,
           let text = (try? await call(cell, "Text", "GetText", [.int32(0), .int32(Int32(count))]))?.first?.string {
            whole = text
        }
        let text = Self.cleaned(LineSpan(text: whole, start: 0, end: whole.unicodeScalars.count))?.text ?? ""
        return (AccessibleTable.ReadCell(text: text, bounds: await place, textBounds: nil), cell)
    }
}

extension ATSPI {
    static let tableInterface = "org.a11y.atspi.Table"
    /// `AtspiRole` LABEL (Qt's static texts too).
    static let labelRole: UInt32 = 29
}
