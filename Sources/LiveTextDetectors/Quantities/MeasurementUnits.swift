/// The units a measurement may carry, as printed, with their canonical symbol and quantity.
enum MeasurementUnits {
    final class Unit: Sendable {
        /// As printed.
        let text: [Unicode.Scalar]
        /// Canonical symbol ("km", "kg", "°C").
        let symbol: String
        let quantity: String
        /// Spelled-out words match in any case; symbols only as written ("MB" is not "mb").
        let ignoreCase: Bool

        init(text: [Unicode.Scalar], symbol: String, quantity: String, ignoreCase: Bool) {
            self.text = text
            self.symbol = symbol
            self.quantity = quantity
            self.ignoreCase = ignoreCase
        }
    }

    /// Units by the lower-cased first scalar, longest first.
    static let byFirstScalar: [Unicode.Scalar: [Unit]] = {
        var table: [Unicode.Scalar: [Unit]] = [:]
        for unit in all { table[unit.text[0].asciiLowercased, default: []].append(unit) }
        for key in table.keys { table[key]!.sort { $0.text.count > $1.text.count } }
        return table
    }()

    /// Units that are one letter and read as other things after "Section", "Page", "No." ...
    static let singleLetter: Set<String> = ["m", "g", "t", "l", "L"]

    static let all: [Unit] = {
        var units: [Unit] = []
        func add(_ quantity: String, _ symbol: String, _ forms: [String], words: [String] = []) {
            for form in forms {
                units.append(Unit(text: Array(form.unicodeScalars), symbol: symbol, quantity: quantity,
                                  ignoreCase: false))
            }
            for word in words {
                units.append(Unit(text: Array(word.unicodeScalars), symbol: symbol, quantity: quantity,
                                  ignoreCase: true))
            }
        }
        // Plural words derived from the singular by the caller's list.
        func words(_ singular: String...) -> [String] {
            singular.flatMap { [$0, $0 + "s"] }
        }
        add("length", "mm", ["mm"], words: words("millimeter", "millimetre"))
        add("length", "cm", ["cm"], words: words("centimeter", "centimetre"))
        add("length", "m", ["m"], words: words("meter", "metre"))
        add("length", "km", ["km"], words: words("kilometer", "kilometre"))
        add("length", "µm", ["µm", "μm"], words: words("micrometer", "micrometre"))
        add("length", "in", ["in."], words: ["inch", "inches"])
        add("length", "ft", ["ft", "ft."], words: ["foot", "feet"])
        add("length", "yd", ["yd", "yds"], words: words("yard"))
        add("length", "mi", ["mi"], words: words("mile"))
        add("mass", "mg", ["mg"], words: words("milligram", "milligramme"))
        add("mass", "g", ["g", "gr"], words: words("gram", "gramme"))
        add("mass", "kg", ["kg", "kgs"], words: words("kilogram", "kilogramme", "kilo"))
        add("mass", "t", ["t"], words: words("tonne", "ton"))
        add("mass", "oz", ["oz"], words: words("ounce"))
        add("mass", "lb", ["lb", "lbs", "lb."], words: words("pound"))
        add("volume", "ml", ["ml", "mL"], words: words("milliliter", "millilitre"))
        add("volume", "cl", ["cl", "cL"], words: words("centiliter", "centilitre"))
        add("volume", "dl", ["dl", "dL"], words: words("deciliter", "decilitre"))
        add("volume", "l", ["l", "L", "ltr"], words: words("liter", "litre"))
        add("volume", "gal", ["gal"], words: words("gallon"))
        add("volume", "fl oz", ["fl oz", "fl. oz.", "fl.oz.", "fl. oz", "floz"], words: ["fluid ounce", "fluid ounces"])
        add("volume", "cup", [], words: words("cup"))
        add("volume", "tbsp", ["tbsp", "Tbsp", "tbs"], words: words("tablespoon"))
        add("volume", "tsp", ["tsp"], words: words("teaspoon"))
        add("volume", "pt", [], words: words("pint"))
        add("volume", "qt", ["qt"], words: words("quart"))
        add("volume", "m³", ["m³", "m3", "cbm"], words: ["cubic meters", "cubic metres", "cubic meter", "cubic metre"])
        add("volume", "cm³", ["cm³", "cm3", "cc"])
        add("temperature", "°C", ["°C", "° C", "℃", "ºC"],
            words: ["degrees celsius", "degree celsius", "degrees c", "celsius", "deg c"])
        add("temperature", "°F", ["°F", "° F", "℉", "ºF"],
            words: ["degrees fahrenheit", "degree fahrenheit", "degrees f", "fahrenheit", "deg f"])
        add("temperature", "°", [], words: ["degrees", "degree"])
        add("speed", "km/h", ["km/h", "km/hr", "kmh", "kph", "km/std"])
        add("speed", "mph", ["mph", "MPH"], words: ["miles per hour"])
        add("speed", "m/s", ["m/s"])
        add("speed", "kn", ["kn", "kts"], words: words("knot"))
        add("area", "m²", ["m²", "m2", "sq m", "sqm", "sq. m."],
            words: ["square meters", "square metres", "square meter", "square metre"])
        add("area", "km²", ["km²", "km2", "sq km"], words: ["square kilometers", "square kilometres"])
        add("area", "cm²", ["cm²", "cm2"])
        add("area", "ft²", ["ft²", "sq ft", "sq. ft.", "sq.ft.", "sqft", "sq. ft"],
            words: ["square feet", "square foot"])
        add("area", "mi²", ["mi²", "sq mi"], words: ["square miles", "square mile"])
        add("area", "ha", ["ha"], words: words("hectare"))
        add("area", "ac", [], words: words("acre"))
        add("data", "B", [], words: words("byte"))
        add("data", "kB", ["kB", "KB"], words: words("kilobyte"))
        add("data", "MB", ["MB"], words: words("megabyte"))
        add("data", "GB", ["GB"], words: words("gigabyte"))
        add("data", "TB", ["TB"], words: words("terabyte"))
        add("data", "PB", ["PB"], words: words("petabyte"))
        add("data", "KiB", ["KiB"])
        add("data", "MiB", ["MiB"])
        add("data", "GiB", ["GiB"])
        add("data", "TiB", ["TiB"])
        // German, French and Spanish words (CLDR's long forms), where they are no English word too
        // ("pies", "livres" are left out).
        add("length", "mm", [], words: ["Millimeter", "millimètre", "millimètres", "milímetro", "milímetros"])
        add("length", "cm", [], words: ["Zentimeter", "centimètre", "centimètres", "centímetro", "centímetros"])
        add("length", "m", [], words: ["mètre", "mètres", "metro", "metros"])
        add("length", "km", [], words: ["kilomètre", "kilomètres", "kilómetro", "kilómetros"])
        add("length", "mi", [], words: ["Meile", "Meilen", "milla", "millas"])
        add("length", "ft", [], words: ["Fuß", "pied", "pieds"])
        add("length", "in", [], words: ["Zoll", "pouce", "pouces", "pulgada", "pulgadas"])
        add("mass", "kg", [], words: ["Kilogramm", "kilogramo", "kilogramos"])
        add("mass", "g", [], words: ["Gramm", "gramo", "gramos"])
        add("mass", "lb", [], words: ["Pfund", "libra", "libras"])
        add("mass", "t", [], words: ["Tonnen"])
        add("volume", "l", [], words: ["litro", "litros"])
        add("temperature", "°C", [], words: ["Grad Celsius", "degrés Celsius", "degré Celsius", "grados Celsius",
                                             "grado Celsius"])
        add("temperature", "°F", [], words: ["Grad Fahrenheit", "degrés Fahrenheit", "degré Fahrenheit",
                                             "grados Fahrenheit", "grado Fahrenheit"])
        add("area", "m²", [], words: ["Quadratmeter", "mètres carrés", "mètre carré", "metros cuadrados", "metro cuadrado"])
        add("speed", "km/h", [], words: ["kilometers per hour", "kilometres per hour", "Kilometer pro Stunde",
                                         "Stundenkilometer", "kilomètres par heure", "kilómetros por hora"])
        add("speed", "mph", ["mi/h"], words: ["Meilen pro Stunde", "miles par heure", "millas por hora"])
        add("data", "kB", ["Ko"], words: ["kilooctet", "kilooctets"])
        add("data", "MB", ["Mo"], words: ["mégaoctet", "mégaoctets"])
        add("data", "GB", ["Go"], words: ["gigaoctet", "gigaoctets"])
        add("data", "TB", [], words: ["téraoctet", "téraoctets"])
        add("dataRate", "kbit/s", ["kbps", "kbit/s", "Kbps"])
        add("dataRate", "Mbit/s", ["Mbps", "Mbit/s", "Mb/s"])
        add("dataRate", "Gbit/s", ["Gbps", "Gbit/s", "Gb/s"])
        return units
    }()

    /// Words before a number that make it a reference, not a quantity ("Section 5 m...",
    /// "Page 3 l..."); they only veto one-letter units.
    static let referenceWords: Set<String> = [
        "section", "chapter", "page", "pages", "p", "pp", "figure", "fig", "table", "item", "no", "nr",
        "step", "part", "article", "art", "room", "line", "version", "level", "grade", "class", "unit",
        "type", "model", "vol", "volume", "episode", "season", "question", "exercise", "paragraph",
        "rule", "route", "highway", "row", "seat", "gate", "platform", "track", "apt", "suite", "floor",
        "box", "appendix", "annex", "clause", "issue", "ch", "sec", "block", "lot", "plan", "phase",
    ]
}
