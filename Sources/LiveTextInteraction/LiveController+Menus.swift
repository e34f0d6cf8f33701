import LiveTextCore

/// The right-click menus: what they list, and the keys and clicks that choose in them.
extension LiveController {
    /// While a menu is shown it has the keyboard: Down/Up move the highlight (round from the end),
    /// Home/End to the first and last entry, Enter chooses the highlighted one, Escape closes the
    /// menu (not the surface); other keys do nothing.
    mutating func menuKey(_ key: KeyEvent) -> [Command] {
        guard var shown = menu else { return [] }
        switch key.keysym {
        case Keysym.escape:
            menu = nil
            return []
        case Keysym.down, Keysym.keypadDown: shown.move(.next)
        case Keysym.up, Keysym.keypadUp: shown.move(.previous)
        case Keysym.home, Keysym.keypadHome, Keysym.pageUp: shown.move(.first)
        case Keysym.end, Keysym.keypadEnd, Keysym.pageDown: shown.move(.last)
        case _ where key.isEnter:
            guard let index = shown.hovered, shown.entries.indices.contains(index) else { return [] }
            return choose(shown.entries[index], byKey: true)
        default:
            return []
        }
        menu = menuPainter?.draw(shown) ?? shown
        return []
    }

    /// Chooses an entry of the menu shown: its details take the menu's place (the first of them
    /// highlighted when a key chose it); Select All selects all the text; else its commands, with
    /// the menu closed. A line that only informs does nothing.
    mutating func choose(_ entry: LiveMenu.Entry, byKey: Bool) -> [Command] {
        if !entry.item.details.isEmpty, let shown = menu {
            menu = layOutMenu(entry.item.details, x: shown.bounds.x, y: shown.bounds.y, highlightFirst: byKey)
            return []
        }
        guard entry.isEnabled else { return [] }
        menu = nil
        if entry.item.selectsAll, let all = text?.selectAll() { selection = all }
        return entry.commands
    }

    /// The menu for a right click: on the selection, `selectionMenuItems`; else the menu of the
    /// item or code under the point (`itemMenuItems`); over a table, with Copy Table (alone
    /// where nothing else is under the point); nil elsewhere.
    func contextMenu(atX x: Int, y: Int) -> LiveMenu? {
        var items: [LiveMenu.Item] = []
        let table = table(atX: x, y: y)
        if let text, let selection, !selection.isEmpty,
           text.quads(of: selection).contains(where: { $0.contains(PixelPoint(x: x, y: y)) }) {
            // The selection first: what the user chose wins over an item under it.
            items = selectionMenuItems(selectedText, table: table)
        } else if let subject = item(at: x, y, menu: true), let analysis {
            items = itemMenuItems(subject, in: analysis) + (table.map { [Self.copyTableItem($0)] } ?? [])
        } else if let table, !selectsText || text?.word(at: PixelPoint(x: x, y: y)) == nil {
            // Between the words of a table (a word gets its selection's menu, with Copy Table).
            items = [Self.copyTableItem(table)]
        }
        let at = menuPoint(x, y)
        return layOutMenu(items, x: at.x, y: at.y, highlightFirst: false)
    }

    /// A point of the controller's pixels in the menus' (`menuView`).
    func menuPoint(_ x: Int, _ y: Int) -> (x: Int, y: Int) {
        guard let menuView else { return (x, y) }
        if let press = pressInView {
            let image = menuView.imagePoint(PixelPoint(x: Double(press.x) + 0.5, y: Double(press.y) + 0.5))
            if Int(image.x.rounded(.down)) == x, Int(image.y.rounded(.down)) == y { return press }
        }
        let point = menuView.viewPoint(PixelPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
        return (Int(point.x.rounded(.down)), Int(point.y.rounded(.down)))
    }

    /// The size of the area menus are laid out in.
    var menuArea: (width: Int, height: Int) {
        menuView.map { ($0.viewWidth, $0.viewHeight) } ?? (width, height)
    }

    /// The selection's menu: Copy, Copy as One Line (`MenuWording.oneLine`), Copy Table when it
    /// was opened over `table`, Select All, then Look Up and Translate of its first line, capped
    /// (`MenuWording.phrase`), each title quoting what it will send.
    func selectionMenuItems(_ selected: String, table: TextTable? = nil) -> [LiveMenu.Item] {
        var items = [LiveMenu.Item("Copy", [.copy(ClipboardContent(plain: selected))]),
                     LiveMenu.Item("Copy as One Line", [.copy(ClipboardContent(plain: MenuWording.oneLine(selected)))])]
        items += table.map { [Self.copyTableItem($0)] } ?? []
        items.append(LiveMenu.Item("Select All", selectsAll: true))
        let phrase = MenuWording.phrase(of: selected)
        if !phrase.isEmpty {
            let quoted = MenuWording.quoted(phrase)
            items += [LiveMenu.Item("Look Up \(quoted)", [.textAction(.lookup, phrase), .close]),
                      LiveMenu.Item("Translate \(quoted)", [.textAction(.translate, phrase), .close])]
        }
        return items
    }

    /// The title of the menu entry and chip that copy a table.
    public static let copyTableTitle = "Copy Table"

    /// Copy Table: the table's tab-separated text, with its `<table>` as `text/html`.
    static func copyTableItem(_ table: TextTable) -> LiveMenu.Item {
        LiveMenu.Item(copyTableTitle, [.copy(ClipboardContent(tables: [table]))])
    }

    /// The table whose bounds hold a point of the reading, the innermost (smallest) when several do.
    func table(atX x: Int, y: Int) -> TextTable? {
        analysis?.tables.filter { $0.bounds.contains(x: x, y: y) }.min { $0.bounds.area < $1.bounds.area }
    }

    /// The menu of an item or code: what it does (open, call, map, …) first, then its copies, in
    /// the analysis' order; a Wi-Fi code's details last.
    func itemMenuItems(_ subject: QuickAction.Subject, in analysis: ImageAnalysis) -> [LiveMenu.Item] {
        let actions = analysis.actions(for: subject)
        let ordered = actions.filter { $0.kind != .copy } + actions.filter { $0.kind == .copy }
        var items = ordered.map { LiveMenu.Item($0.title, [.perform($0), .close]) }
        if let wifi = WiFiDetails(analysis, subject) { items.append(LiveMenu.Item("Wi-Fi Details", details: wifi.menuItems)) }
        return items
    }

    /// A click on an item or code, once no second click followed (Apple's manners): a link opens
    /// (its first action, when that opens it), and the surface closes; anything else (a phone
    /// number, an address, a date, a code, …) shows its menu at the click, as a right click does.
    mutating func clickedItem(_ subject: QuickAction.Subject, atX x: Int, y: Int) -> [Command] {
        guard let analysis else { return [] }
        if case .item(let index) = subject, analysis.items.indices.contains(index), analysis.items[index].kind == .link,
           let open = analysis.actions(for: subject).first, open.kind == .open {
            return [.perform(open), .close]
        }
        let at = menuPoint(x, y)
        menu = layOutMenu(itemMenuItems(subject, in: analysis), x: at.x, y: at.y, highlightFirst: false)
        return []
    }

    /// The menu of the "More…" chip, over the chip's frame `chip` (in the menus' pixels): every
    /// action of `groups` (one a subject); when they would not fit the menu area's height, each subject's first action only
    /// (the rest are in its own menu), and at worst the first of those that fit.
    func moreMenu(_ groups: [[QuickAction]], above chip: Bounds) -> LiveMenu? {
        let rows = max(1, menuArea.height / metrics.chipHeight)
        let every = groups.flatMap { $0 }
        let listed = every.count <= rows ? every : Array(groups.compactMap(\.first).prefix(rows))
        let items = listed.map { LiveMenu.Item($0.title, [.perform($0), .close]) }
        return layOutMenu(items, x: chip.x, y: chip.y - items.count * metrics.chipHeight, highlightFirst: false)
    }

    /// `items` as a menu at `x`, `y`, drawn; nil when there are none.
    func layOutMenu(_ items: [LiveMenu.Item], x: Int, y: Int, highlightFirst: Bool) -> LiveMenu? {
        guard !items.isEmpty else { return nil }
        var menu = LiveMenu(items, x: x, y: y, width: menuArea.width, height: menuArea.height, metrics: metrics,
                            measure: { menuPainter?.measure($0) ?? $0.count * 7 })
        if highlightFirst { menu.move(.first) }
        return menuPainter?.draw(menu) ?? menu
    }
}
