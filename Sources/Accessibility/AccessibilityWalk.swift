import DBusKit
import LiveTextCore
import Synchronization

/// One walk of the accessibility bus: the registry's applications, each one's visible text
/// objects (one `Collection.GetMatches` where the toolkit has it, else breadth first), each
/// object's lines and their boxes. Applications, objects and lines are asked all at once, so the
/// walk costs a few round trips rather than one per call.
struct AccessibilityWalk: Sendable {
    let connection: DBusConnection
    let limits: AccessibilityLimits
    /// The objects still to be read, shared by all applications.
    private let budget: Budget

    init(connection: DBusConnection, limits: AccessibilityLimits) {
        self.connection = connection
        self.limits = limits
        budget = Budget(limits.maxObjects)
    }

    /// Reads every application, handing each to `deliver` as it is done.
    func run(_ deliver: @escaping @Sendable (AccessibleApplication) -> Void) async {
        let registry = AccessibleObject(bus: ATSPI.registry, path: ATSPI.root)
        guard let reply = try? await call(registry, "Accessible", "GetChildren") else { return }
        let applications = AccessibleObject.list(reply.first)
        await withTaskGroup(of: Void.self) { group in
            for application in applications {
                group.addTask {
                    if let read = await self.application(application) { deliver(read) }
                }
            }
        }
    }

    // MARK: An application

    func application(_ root: AccessibleObject) async -> AccessibleApplication? {
        async let toolkitName = property(root, "Application", "ToolkitName")
        // `Version` is the interface's name for it (GTK 4 has only that one); `ToolkitVersion` an older one.
        async let version = property(root, "Application", "Version")
        async let toolkitVersion = property(root, "Application", "ToolkitVersion")
        async let name = property(root, "Accessible", "Name")
        async let pid = processID(of: root.bus)
        let (named, older) = (await version, await toolkitVersion)
        let toolkit = AccessibleToolkit(name: await toolkitName ?? "", version: named ?? older ?? "")
        let quirks = toolkit.quirks
        async let tables = toolkit.readsTables ? self.tables(of: root) : ([], [])
        async let webTables = toolkit.readsWebTables ? self.webTables(of: root, toolkit: toolkit) : ([], [])
        var objects: [AccessibleObject]?
        var descent = Descent()
        if quirks.collection { objects = await matches(root) }
        if objects == nil {
            descent = await breadthFirst(root, quirks: quirks)
            objects = descent.texts
        }
        // A table's cells read with it are not read again as lines.
        let (read, cells) = await tables
        let (web, webCells) = await webTables
        objects = objects?.filter { !cells.contains($0) && !webCells.contains($0) }
        let granted = budget.take((objects?.count ?? 0) + descent.labels.count)
        let chosen = Array((objects ?? []).prefix(granted))
        async let labelLines = lines(ofLabels: Array(descent.labels.prefix(granted - chosen.count)))
        async let walkedTable = firstTable(of: descent)
        guard !Task.isCancelled else { return nil }
        let lines = await withTaskGroup(of: (Int, [AccessibleLine]).self) { group in
            for (index, object) in chosen.enumerated() {
                group.addTask { (index, await self.lines(of: object, quirks: quirks)) }
            }
            var byObject = [[AccessibleLine]](repeating: [], count: chosen.count)
            for await (index, read) in group { byObject[index] = read }
            return byObject.flatMap { $0 }
        }
        let (labelled, walked) = (await labelLines, await walkedTable)
        guard !Task.isCancelled else { return nil }
        return AccessibleApplication(name: await name ?? "", toolkit: toolkit, pid: await pid,
                                     windowRelative: quirks.windowRelative,
                                     lines: AccessibleLine.outside(AccessibleLine.withoutRepeats(lines + labelled), cellsOf: web),
                                     tables: read + web + (walked.map { [$0] } ?? []))
    }

    /// The SHOWING text objects in one round trip; nil when the application has no Collection.
    func matches(_ root: AccessibleObject) async -> [AccessibleObject]? {
        let arguments: [DBusValue] = [ATSPI.showingTextRule, .uint32(ATSPI.canonical),
                                      .int32(Int32(clamping: limits.maxObjects)), .bool(true)]
        guard let reply = try? await call(root, "Collection", "GetMatches", arguments) else { return nil }
        return AccessibleObject.list(reply.first)
    }

    /// The text objects found level by level, each level's questions sent together; a hidden
    /// object's children are not visited. Where labels are names (Qt), the labels and tables too.
    func breadthFirst(_ root: AccessibleObject, quirks: AccessibleToolkit.Quirks) async -> Descent {
        var found = Descent()
        var level = [root]
        var visited = 1
        var seen: Set<AccessibleObject> = [root]
        while !level.isEmpty, !Task.isCancelled, found.count < limits.maxObjects {
            let isRoot = level == [root]
            let answers = await withTaskGroup(of: (Int, Visit).self) { group in
                for (index, object) in level.enumerated() {
                    group.addTask {
                        (index, quirks.labelsAreNames ? await self.visitAskingFirst(object, isRoot: isRoot, quirks: quirks)
                                                       : await self.visit(object))
                    }
                }
                var answers = [Visit?](repeating: nil, count: level.count)
                for await (index, visit) in group { answers[index] = visit }
                return answers.compactMap { $0 }
            }
            var next: [AccessibleObject] = []
            for visit in answers {
                let shown = isRoot || visit.isShown(quirks)
                guard shown else { continue }
                if !isRoot { found.add(visit) }
                for child in visit.children where visited < limits.maxVisited && seen.insert(child).inserted {
                    next.append(child)
                    visited += 1
                }
            }
            level = next
        }
        found.texts = Array(found.texts.prefix(limits.maxObjects))
        return found
    }

    struct Visit: Sendable {
        let object: AccessibleObject
        let states: [DBusValue]
        let hasText: Bool
        var children: [AccessibleObject]
        /// Its role and whether it is a table, asked where labels are names (Qt) only.
        var role: UInt32? = nil
        var isTable = false

        func isShown(_ quirks: AccessibleToolkit.Quirks) -> Bool {
            ATSPI.has(quirks.showingState ? ATSPI.showing : ATSPI.visible, in: states)
        }
    }

    func visit(_ object: AccessibleObject) async -> Visit {
        async let states = try? call(object, "Accessible", "GetState")
        async let interfaces = try? call(object, "Accessible", "GetInterfaces")
        async let children = try? call(object, "Accessible", "GetChildren")
        let names = (await interfaces)?.first?.stringArray ?? []
        return Visit(object: object, states: await states ?? [], hasText: names.contains(ATSPI.textInterface),
                     children: AccessibleObject.list((await children)?.first))
    }

    // MARK: An object's lines

    /// The object's lines with their boxes, clipped to the object; nothing for an object that
    /// answers nonsense (no extents, absurd sizes).
    func lines(of object: AccessibleObject, quirks: AccessibleToolkit.Quirks) async -> [AccessibleLine] {
        async let extentsReply = try? call(object, "Component", "GetExtents", [.uint32(ATSPI.screenCoordinates)])
        var end = limits.maxCharacters
        if quirks.countsCharactersFirst { end = min(await characterCount(of: object), end) }
        async let textReply = try? call(object, "Text", "GetText", [.int32(0), .int32(Int32(clamping: end))])
        guard let widget = box(ATSPI.integers(await extentsReply ?? [])), !widget.isEmpty,
              let text = (await textReply)?.first?.string,
              text.unicodeScalars.contains(where: { !Self.blank($0) })
        else { return [] }
        // A browser's paragraph holds its links as one U+FFFC each, their text in objects of their own.
        let embedded = Self.embeds(text) ? await embeddedTexts(of: object, quirks: quirks) : [:]
        let spans = await lineSpans(of: object, text: text, embedded: embedded, quirks: quirks)
        var read: [AccessibleLine] = []
        await withTaskGroup(of: (Int, Bounds?).self) { group in
            for (index, span) in spans.enumerated() {
                group.addTask { (index, await self.extents(of: object, span: span, quirks: quirks)) }
            }
            var boxes = [Bounds?](repeating: nil, count: spans.count)
            for await (index, bounds) in group { boxes[index] = bounds }
            // No box for any line (GTK 4.8's labels answer neither character nor range extents):
            // the widget's box, shared out among its lines, untrusted: the fusion then takes the
            // geometry of the OCR line each reads like.
            let guessed = !spans.isEmpty && boxes.allSatisfy { $0 == nil }
            if guessed { boxes = Self.bands(of: widget, count: spans.count) }
            for (span, bounds) in zip(spans, boxes) {
                guard let bounds else { continue }
                let clipped = bounds.intersection(widget)
                guard !clipped.isEmpty else { continue }
                read.append(AccessibleLine(text: span.text, bounds: clipped, widget: widget, geometryTrusted: !guessed,
                                           boxIsWidget: guessed && spans.count == 1))
            }
        }
        if quirks.linesShareFirstY, read.count > 1, Set(read.map(\.bounds.y)).count == 1 {
            for index in read.indices { read[index].geometryTrusted = false }
        }
        return read
    }

    /// `box` cut into `count` bands of equal height, top to bottom.
    static func bands(of box: Bounds, count: Int) -> [Bounds?] {
        guard count > 0 else { return [] }
        let height = max(1, box.height / count)
        return (0..<count).map { Bounds(x: box.x, y: box.y + $0 * height, width: box.width, height: height) }
    }

    struct LineSpan: Sendable {
        let text: String
        let start: Int
        let end: Int
    }

    /// The object's lines as the toolkit wraps them: asked at every hard line's start at once,
    /// then, where a hard line wraps, again from where the toolkit's line ended.
    func lineSpans(of object: AccessibleObject, text: String, embedded: [Int: String] = [:],
                   quirks: AccessibleToolkit.Quirks) async -> [LineSpan] {
        let scalars = Array(text.unicodeScalars)
        var hardStarts = [0]
        for (index, scalar) in scalars.enumerated() where scalar == "\n" && index + 1 < scalars.count {
            hardStarts.append(index + 1)
        }
        hardStarts = Array(hardStarts.prefix(limits.maxLines))
        let hardEnds = Array(hardStarts.dropFirst()) + [scalars.count]
        let firsts = await withTaskGroup(of: (Int, LineSpan?).self) { group in
            for (index, start) in hardStarts.enumerated() {
                group.addTask { (index, await self.line(of: object, at: start, quirks: quirks)) }
            }
            var firsts = [LineSpan?](repeating: nil, count: hardStarts.count)
            for await (index, span) in group { firsts[index] = span }
            return firsts
        }
        var spans: [LineSpan] = []
        for (index, first) in firsts.enumerated() {
            guard var span = first else { continue }
            var asked = 1
            while true {
                if let cleaned = Self.cleaned(span, embedded: embedded) { spans.append(cleaned) }
                guard span.end > span.start, span.end < hardEnds[index], spans.count < limits.maxLines,
                      asked < limits.maxLines, !Task.isCancelled,
                      let next = await line(of: object, at: span.end, quirks: quirks), next.start >= span.end
                else { break }
                span = next
                asked += 1
            }
            if spans.count >= limits.maxLines { break }
        }
        return spans
    }

    func line(of object: AccessibleObject, at offset: Int, quirks: AccessibleToolkit.Quirks) async -> LineSpan? {
        let reply: [DBusValue]?
        switch quirks.lineCall {
        case .stringAtOffset:
            reply = try? await call(object, "Text", "GetStringAtOffset", [.int32(Int32(clamping: offset)), .uint32(ATSPI.lineGranularity)])
        case .textAtOffset:
            reply = try? await call(object, "Text", "GetTextAtOffset", [.int32(Int32(clamping: offset)), .uint32(ATSPI.lineStartBoundary)])
        }
        guard let reply, reply.count >= 3, let text = reply[0].string, let start = reply[1].int32, let end = reply[2].int32,
              start >= 0, end >= start
        else { return nil }
        return LineSpan(text: text, start: Int(start), end: Int(end))
    }

    /// The span without its line break and surrounding blanks, each embedded-object mark replaced
    /// by the text `embedded` holds for its offset (a link's words) or left out; nil when nothing
    /// is left. The offsets still cover the visible characters only.
    static func cleaned(_ span: LineSpan, embedded: [Int: String] = [:]) -> LineSpan? {
        let scalars = Array(span.text.unicodeScalars)
        // A mark with text (a link at the line's end) is as visible as a letter.
        let visible = { (index: Int) in
            !blank(scalars[index]) || (scalars[index] == "\u{FFFC}" && embedded[span.start + index]?.isEmpty == false)
        }
        guard let first = scalars.indices.first(where: visible), let last = scalars.indices.last(where: visible)
        else { return nil }
        var kept = String.UnicodeScalarView()
        for index in first...last {
            if scalars[index] == "\u{FFFC}" {
                if let inner = embedded[span.start + index] { kept.append(contentsOf: inner.unicodeScalars) }
            } else {
                kept.append(scalars[index])
            }
        }
        let text = String(kept)
        guard !text.isEmpty else { return nil }
        return LineSpan(text: text, start: span.start + first, end: span.start + last + 1)
    }

    /// Whether a text holds embedded objects among characters of its own (a paragraph with a
    /// link); a container's text, marks and blanks only, does not.
    static func embeds(_ text: String) -> Bool {
        text.unicodeScalars.contains("\u{FFFC}") && text.unicodeScalars.contains(where: { !blank($0) })
    }

    /// The text of the objects embedded in `object`'s text (`Hypertext`: each link's start offset
    /// and object), by offset; blanks collapsed, its own marks left out. At most
    /// `limits.maxEmbedded` links are asked for; one that does not answer keeps its mark out.
    func embeddedTexts(of object: AccessibleObject, quirks: AccessibleToolkit.Quirks) async -> [Int: String] {
        guard let count = (try? await call(object, "Hypertext", "GetNLinks"))?.first?.int32, count > 0 else { return [:] }
        return await withTaskGroup(of: (Int, String)?.self) { group in
            for index in 0..<min(Int(count), limits.maxEmbedded) {
                group.addTask {
                    guard let link = AccessibleObject.one((try? await self.call(object, "Hypertext", "GetLink", [.int32(Int32(index))]))?.first)
                    else { return nil }
                    async let start = self.integerProperty(link, "Hyperlink", "StartIndex")
                    async let target = try? self.call(link, "Hyperlink", "GetObject", [.int32(0)])
                    guard let offset = await start, offset >= 0,
                          let inner = AccessibleObject.one((await target)?.first)
                    else { return nil }
                    var end = 512
                    if quirks.countsCharactersFirst { end = min(await self.characterCount(of: inner), end) }
                    guard let text = (try? await self.call(inner, "Text", "GetText", [.int32(0), .int32(Int32(end))]))?.first?.string
                    else { return nil }
                    return (offset, Self.flattened(text))
                }
            }
            var texts: [Int: String] = [:]
            for await case let (offset, text)? in group { texts[offset] = text }
            return texts
        }
    }

    /// An embedded object's text on one line: its own marks out, runs of blanks one space.
    static func flattened(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars where scalar != "\u{FFFC}" {
            if blank(scalar) {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(scalar)
            }
        }
        return String(out)
    }

    static func blank(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{FFFC}" || scalar == "\u{200B}"
    }

    func extents(of object: AccessibleObject, span: LineSpan, quirks: AccessibleToolkit.Quirks) async -> Bounds? {
        let coordinates = DBusValue.uint32(ATSPI.screenCoordinates)
        switch quirks.lineExtents {
        case .range:
            let reply = try? await call(object, "Text", "GetRangeExtents",
                                        [.int32(Int32(clamping: span.start)), .int32(Int32(clamping: span.end)), coordinates])
            return box(ATSPI.integers(reply ?? []))
        case .characters:
            async let first = try? call(object, "Text", "GetCharacterExtents", [.int32(Int32(clamping: span.start)), coordinates])
            async let last = try? call(object, "Text", "GetCharacterExtents", [.int32(Int32(clamping: span.end - 1)), coordinates])
            guard let a = box(ATSPI.integers(await first ?? [])), let b = box(ATSPI.integers(await last ?? [])) else { return nil }
            return a.union(b)
        }
    }

    func box(_ values: [Int]) -> Bounds? { Self.box(values, limit: limits.maxExtent) }

    /// An object's place on the screen; nil when it gives none or one beyond `limit`.
    func place(of object: AccessibleObject, limit: Int? = nil) async -> Bounds? {
        let extents = try? await call(object, "Component", "GetExtents", [.uint32(ATSPI.screenCoordinates)])
        return Self.box(ATSPI.integers(extents ?? []), limit: limit ?? limits.maxExtent)
    }

    /// `x, y, width, height` as a box; nil when absurd (empty, or beyond `limit`).
    static func box(_ values: [Int], limit: Int) -> Bounds? {
        guard values.count >= 4 else { return nil }
        let (x, y, width, height) = (values[0], values[1], values[2], values[3])
        guard width > 0, height > 0, width <= limit, height <= limit, abs(x) <= limit, abs(y) <= limit else { return nil }
        return Bounds(x: x, y: y, width: width, height: height)
    }

    // MARK: Calls

    func call(_ object: AccessibleObject, _ interface: String, _ member: String, _ arguments: [DBusValue] = [])
        async throws -> [DBusValue]
    {
        try await connection.call(destination: object.bus, path: object.path, interface: ATSPI.prefix + interface,
                                  member: member, arguments: arguments, timeout: limits.callTimeout)
    }

    /// One property's value, by `Properties.Get` (never `GetAll`: it crashes Qt); nil when it
    /// does not answer.
    func propertyValue(_ object: AccessibleObject, _ interface: String, _ name: String) async -> DBusValue? {
        let reply = try? await connection.call(destination: object.bus, path: object.path,
                                               interface: "org.freedesktop.DBus.Properties", member: "Get",
                                               arguments: [.string(ATSPI.prefix + interface), .string(name)],
                                               timeout: limits.callTimeout)
        return reply?.first?.unwrapped
    }

    /// One string property.
    func property(_ object: AccessibleObject, _ interface: String, _ name: String) async -> String? {
        await propertyValue(object, interface, name)?.string
    }

    /// One integer property.
    func integerProperty(_ object: AccessibleObject, _ interface: String, _ name: String) async -> Int? {
        await propertyValue(object, interface, name)?.int32.map { Int($0) }
    }

    /// The text's length (`Text.CharacterCount`), 0 when it does not say.
    func characterCount(of object: AccessibleObject) async -> Int {
        max(0, await integerProperty(object, "Text", "CharacterCount") ?? 0)
    }

    func processID(of bus: String) async -> Int32? {
        let reply = try? await connection.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                               interface: "org.freedesktop.DBus", member: "GetConnectionUnixProcessID",
                                               arguments: [.string(bus)], timeout: limits.callTimeout)
        return reply?.first?.uint32.map { Int32(bitPattern: $0) }
    }
}

/// Objects left to read across the walk's applications.
final class Budget: Sendable {
    private let left: Mutex<Int>

    init(_ total: Int) { left = Mutex(max(0, total)) }

    /// Takes up to `wanted`; returns how many were granted.
    func take(_ wanted: Int) -> Int {
        left.withLock { left in
            let granted = min(left, max(0, wanted))
            left -= granted
            return granted
        }
    }
}
