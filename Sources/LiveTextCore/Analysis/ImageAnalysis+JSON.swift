extension ImageAnalysis {
    /// The `--json` document: one line, keys in the order PRODUCT.md shows them.
    public func jsonLine() -> String { orderedJSON.serialized() }

    public var orderedJSON: OrderedJSON {
        .object([
            ("image", .object([("width", .int(image.width)), ("height", .int(image.height)),
                               ("source", .string(image.source))])),
            ("text", .string(text)),
            ("blocks", .array(blocks.map(\.orderedJSON))),
            ("codes", .array(codes.map(\.orderedJSON))),
            ("tables", .array(tables.map(\.orderedJSON))),
            ("items", .array(items.map(\.orderedJSON))),
            ("actions", .array(actions.map(\.orderedJSON))),
            ("timing", timing.orderedJSON),
        ])
    }
}

extension ImageAnalysis.Timing {
    /// `totalMs` first, then whichever of the others were measured.
    public var orderedJSON: OrderedJSON {
        let measured: [(String, OrderedJSON?)] = [
            ("captureMs", captureMs.map(OrderedJSON.double)),
            ("accessibilityMs", accessibilityMs.map(OrderedJSON.double)),
            ("codesMs", codesMs.map(OrderedJSON.double)),
            ("preprocessMs", preprocessMs.map(OrderedJSON.double)),
            ("layoutMs", layoutMs.map(OrderedJSON.double)),
            ("linesMs", linesMs.map(OrderedJSON.double)),
            ("tablesMs", tablesMs.map(OrderedJSON.double)),
            ("engines", engines.map(OrderedJSON.int)),
            ("cached", cached.map(OrderedJSON.bool)),
        ]
        return .object([("totalMs", .double(totalMs))] + measured.compactMap { key, value in value.map { (key, $0) } })
    }
}

extension Bounds {
    public var orderedJSON: OrderedJSON { .array([.int(x), .int(y), .int(width), .int(height)]) }
}

extension Quad {
    /// `[[x, y], …]`, clockwise from the top-left corner as the text reads.
    public var orderedJSON: OrderedJSON { .array(corners.map { .array([.double($0.x), .double($0.y)]) }) }
}

extension TextBlock {
    public var orderedJSON: OrderedJSON {
        let language = self.language.map { [("language", OrderedJSON.string($0))] } ?? []
        return .object([("text", .string(text)), ("bounds", bounds.orderedJSON), ("quad", quad.orderedJSON),
                        ("confidence", .double(confidence))]
            + language + [("lines", .array(lines.map(\.orderedJSON)))])
    }
}

extension TextLine {
    public var orderedJSON: OrderedJSON {
        .object([("text", .string(text)), ("bounds", bounds.orderedJSON), ("quad", quad.orderedJSON),
                 ("words", .array(words.map(\.orderedJSON))), ("source", .string(source.rawValue))])
    }
}

extension TextWord {
    public var orderedJSON: OrderedJSON {
        .object([("text", .string(text)), ("bounds", bounds.orderedJSON), ("quad", quad.orderedJSON),
                 ("confidence", .double(confidence)), ("source", .string(source.rawValue))])
    }
}

extension MachineReadableCode {
    public var orderedJSON: OrderedJSON {
        .object([("symbology", .string(symbology)), ("payload", .string(payload)), ("bounds", bounds.orderedJSON)])
    }
}

extension DetectedItem {
    public var orderedJSON: OrderedJSON {
        var members: [(String, OrderedJSON)] = [
            ("type", .string(kind.rawValue)), ("text", .string(text)), ("start", .int(start)), ("end", .int(end)),
        ]
        if let bounds { members.append(("bounds", bounds.orderedJSON)) }
        if let quad { members.append(("quad", quad.orderedJSON)) }
        if let lines { members.append(("lines", .array(lines.map(\.orderedJSON)))) }
        if let lineQuads { members.append(("lineQuads", .array(lineQuads.map(\.orderedJSON)))) }
        members.append(("source", .string(source.rawValue)))
        members.append(("value", JSONValue.object(value).ordered))
        return .object(members)
    }
}

extension QuickAction {
    public var orderedJSON: OrderedJSON {
        .object([("id", .string(id)), ("title", .string(title)), ("kind", .string(kind.rawValue)), ("target", .string(target))])
    }
}

extension TextTable {
    /// `{"bounds", "header": true (when row 0 names the columns), "rows": [[{"text", "bounds"}, …], …],
    /// "source": "accessibility" (when published; absent: found by the OCR)}`.
    public var orderedJSON: OrderedJSON {
        let cells: [OrderedJSON] = rows.map { row in
            .array(row.map { .object([("text", .string($0.text)), ("bounds", $0.bounds.orderedJSON)]) })
        }
        return .object([("bounds", bounds.orderedJSON)] + (header ? [("header", .bool(true))] : []) + [("rows", .array(cells))]
                       + (source == .ocr ? [] : [("source", .string(source.rawValue))]))
    }
}
