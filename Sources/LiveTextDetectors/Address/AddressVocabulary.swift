/// Words that mark streets, units, cities and countries in addresses. Lists are lower case.
enum AddressVocabulary {
    /// English street types, full and abbreviated (USPS Publication 28 suffixes and the usual
    /// British and Canadian ones).
    static let streetTypes: Set<String> = [
        "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "lane", "ln",
        "drive", "dr", "way", "court", "ct", "place", "pl", "square", "sq", "terrace", "ter", "terr",
        "parkway", "pkwy", "highway", "hwy", "circle", "cir", "loop", "trail", "trl", "crescent",
        "cres", "close", "row", "mews", "gardens", "grove", "plaza", "alley", "expressway", "freeway",
        "pike", "turnpike", "walk", "embankment", "wharf", "quay", "broadway", "hill", "green",
        "promenade", "esplanade", "crt", "vale", "path", "ridge",
    ]

    /// Directions before or after an English street name.
    static let directions: Set<String> = [
        "n", "s", "e", "w", "ne", "nw", "se", "sw", "north", "south", "east", "west",
        "northeast", "northwest", "southeast", "southwest",
    ]

    /// Secondary units after a street ("Suite 200", "Apt 4B", "Floor 3").
    static let units: Set<String> = [
        "suite", "ste", "apt", "apartment", "unit", "floor", "fl", "room", "rm", "bldg", "building",
        "dept", "flat", "level",
    ]

    /// German floors after an ordinal number ("3. OG").
    static let germanFloors: Set<String> = ["og", "stock", "etage", "obergeschoss", "dg", "ug"]

    /// Australian states and territories, with the first digits their postcodes take.
    static let australianStates: [String: String] = [
        "NSW": "12", "ACT": "2", "VIC": "38", "QLD": "49", "SA": "5", "WA": "6", "TAS": "7", "NT": "0",
    ]

    /// French street types, written before the name ("rue de la Paix").
    static let frenchStreetTypes: Set<String> = [
        "rue", "avenue", "av", "boulevard", "bd", "bld", "place", "pl", "chemin", "allée", "allee",
        "impasse", "quai", "route", "cours", "square", "passage", "voie", "rond-point", "esplanade",
        "promenade", "sentier", "cité", "cite", "villa", "faubourg", "parvis", "montée", "traverse",
        "résidence", "residence", "hameau", "lieu-dit",
    ]

    /// Lower-case words inside French street and city names.
    static let frenchParticles: Set<String> = [
        "de", "du", "des", "la", "le", "les", "l", "d", "aux", "au", "sur", "en", "et", "à", "sous",
        "lès", "les", "l'", "d'",
    ]

    /// German street-name endings ("Friedrichstraße", "Am Lindenweg") and the same words standing
    /// alone ("Berliner Straße").
    static let germanStreetSuffixes: [String] = [
        "straße", "strasse", "str", "weg", "platz", "allee", "gasse", "ring", "damm", "ufer",
        "chaussee", "steig", "pfad", "markt", "graben", "wall", "kai", "zeile", "promenade", "stieg",
        "brücke", "hof", "tor",
    ]

    /// Lower-case words inside German street and city names ("Unter den Linden", "Frankfurt am Main").
    static let germanParticles: Set<String> = [
        "den", "der", "dem", "des", "am", "an", "im", "auf", "zum", "zur", "vom", "von", "bei", "in",
        "unter", "ob", "a.", "a", "d",
    ]

    /// Lower-case words inside English city names ("Newcastle upon Tyne", "Stratford-upon-Avon").
    static let englishParticles: Set<String> = ["upon", "on", "under", "le", "la"]

    /// USPS state and territory abbreviations with the first digits their ZIP codes start with.
    static let usStates: [String: String] = [
        "AL": "3", "AK": "9", "AZ": "8", "AR": "7", "CA": "9", "CO": "8", "CT": "0", "DE": "1",
        "DC": "2", "FL": "3", "GA": "3", "HI": "9", "ID": "8", "IL": "6", "IN": "4", "IA": "5",
        "KS": "6", "KY": "4", "LA": "7", "ME": "0", "MD": "2", "MA": "0", "MI": "4", "MN": "5",
        "MS": "3", "MO": "6", "MT": "5", "NE": "6", "NV": "8", "NH": "0", "NJ": "0", "NM": "8",
        "NY": "01", "NC": "2", "ND": "5", "OH": "4", "OK": "7", "OR": "9", "PA": "1", "RI": "0",
        "SC": "2", "SD": "5", "TN": "3", "TX": "7", "UT": "8", "VT": "0", "VA": "2", "WA": "9",
        "WV": "2", "WI": "5", "WY": "8", "PR": "0", "VI": "0", "GU": "9", "AS": "9", "MP": "9",
    ]

    /// US state names, for "Cupertino, California 95014".
    static let usStateNames: [String: String] = [
        "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
        "colorado": "CO", "connecticut": "CT", "delaware": "DE", "florida": "FL", "georgia": "GA",
        "hawaii": "HI", "idaho": "ID", "illinois": "IL", "indiana": "IN", "iowa": "IA", "kansas": "KS",
        "kentucky": "KY", "louisiana": "LA", "maine": "ME", "maryland": "MD", "massachusetts": "MA",
        "michigan": "MI", "minnesota": "MN", "mississippi": "MS", "missouri": "MO", "montana": "MT",
        "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ", "new mexico": "NM",
        "new york": "NY", "north carolina": "NC", "north dakota": "ND", "ohio": "OH", "oklahoma": "OK",
        "oregon": "OR", "pennsylvania": "PA", "rhode island": "RI", "south carolina": "SC",
        "south dakota": "SD", "tennessee": "TN", "texas": "TX", "utah": "UT", "vermont": "VT",
        "virginia": "VA", "washington": "WA", "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY",
    ]

    /// Words that start titles and counts ("Top 10 Best...", "Chapter 3 The Road"), never
    /// street names.
    static let notStreetNames: Set<String> = [
        "the", "a", "an", "my", "our", "your", "his", "her", "their", "its", "this", "that", "these",
        "those", "best", "top", "ways", "things", "reasons", "tips", "steps", "minutes", "hours", "days",
        "weeks", "months", "years", "miles", "times", "and", "or", "of", "for", "to", "with",
    ]

    /// Canadian province and territory codes with the first letters of their postal codes
    /// (Canada Post).
    static let canadianProvinces: [String: String] = [
        "NL": "A", "NS": "B", "PE": "C", "NB": "E", "QC": "GHJ", "ON": "KLMNP", "MB": "R", "SK": "S",
        "AB": "T", "BC": "V", "NT": "X", "NU": "X", "YT": "Y",
    ]

    /// Country names and codes written after an address, with their ISO alpha-2 codes.
    static let countries: [String: String] = [
        "usa": "US", "us": "US", "united states": "US", "united states of america": "US",
        "uk": "GB", "united kingdom": "GB", "england": "GB", "scotland": "GB", "wales": "GB",
        "great britain": "GB", "northern ireland": "GB", "germany": "DE", "deutschland": "DE",
        "france": "FR", "canada": "CA",
    ]
}
