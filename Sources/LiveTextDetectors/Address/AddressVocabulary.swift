/// Words that mark streets, units, cities and countries in addresses. Lists are lower case.
enum AddressVocabulary {
    /// English street types, full and abbreviated (USPS Publication 28 suffixes, the usual
    /// British and Canadian ones, and India's).
    static let streetTypes: Set<String> = [
        "street", "st", "avenue", "ave", "av", "road", "rd", "boulevard", "blvd", "lane", "ln",
        "drive", "dr", "way", "court", "ct", "place", "pl", "square", "sq", "terrace", "ter", "terr",
        "parkway", "pkwy", "highway", "hwy", "circle", "cir", "loop", "trail", "trl", "crescent",
        "cres", "close", "row", "mews", "gardens", "grove", "plaza", "alley", "expressway", "freeway",
        "pike", "turnpike", "walk", "embankment", "wharf", "quay", "broadway", "hill", "green",
        "promenade", "esplanade", "crt", "vale", "path", "ridge",
        // Indian English: "MG Marg", "Chandni Chowk", "Daryaganj".
        "marg", "chowk", "nagar",
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
        // Spanish, Italian, Portuguese, Dutch/Belgian
        "piso", "planta", "puerta", "pta", "esc", "escalera", "piano", "interno", "int", "scala",
        "interior", "depto", "dpto", "departamento", "edif", "edificio", "andar", "apto", "sala", "bus",
    ]

    /// Street types written first in Spanish, Catalan, Italian, Portuguese and (Belgian) French
    /// streets whose number comes last.
    static let romanceStreetTypes: Set<String> = [
        "calle", "avenida", "avda", "av", "paseo", "pº", "plaza", "pza", "camino", "carretera", "ctra",
        "ronda", "rambla", "travesía", "travesia", "glorieta", "callejón", "callejon", "alameda", "bulevar",
        "carrer", "avinguda", "passeig", "plaça", "via", "viale", "piazza", "piazzale", "corso", "largo",
        "vicolo", "strada", "contrada", "lungomare", "rua", "travessa", "praça", "praca", "pça",
        "estrada", "rodovia", "alameda", "largo", "calçada", "beco", "ladeira", "boulevard", "blvd",
        "periférico", "periferico", "calzada", "privada", "cerrada", "circuito", "andador", "rue",
        "chaussée", "chaussee", "place", "quai", "drève", "dreve",
        // Street types of the Spanish, Italian and Mexican street guides (Callejero, stradari):
        "acceso", "pasaje", "pasadizo", "vía", "urbanización", "urbanizacion", "cañada", "canada", "cuesta",
        "borgo", "canale", "rotonda", "stretto", "viaducto", "eje", "retorno",
        // and of the Brazilian post's list of street types (logradouros):
        "distrito", "setor", "quadra", "trecho", "vereda", "viela", "passarela", "recanto", "residencial",
        "loteamento", "conjunto", "condomínio", "condominio", "chácara", "chacara", "sítio", "sitio",
        "fazenda", "núcleo", "nucleo", "esplanada", "aeroporto", "lagoa", "morro", "trevo", "viaduto",
    ]

    /// The country a street type word points at, where it points at one.
    static let romanceTypeCountries: [String: String] = {
        var table: [String: String] = [:]
        for word in ["calle", "avda", "paseo", "camino", "carretera", "ctra", "ronda", "rambla", "travesía", "travesia",
                     "glorieta", "callejón", "callejon", "bulevar", "carrer", "avinguda", "passeig", "plaça", "acceso",
                     "pasaje", "pasadizo", "urbanización", "urbanizacion", "cañada", "cuesta"] {
            table[word] = "ES"
        }
        for word in ["via", "viale", "piazza", "piazzale", "corso", "vicolo", "strada", "contrada", "lungomare", "borgo",
                     "canale", "rotonda", "stretto"] {
            table[word] = "IT"
        }
        for word in ["rua", "travessa", "praça", "praca", "pça", "estrada", "calçada", "beco", "ladeira"] { table[word] = "PT" }
        for word in ["distrito", "setor", "quadra", "trecho", "vereda", "viela", "passarela", "recanto", "residencial",
                     "loteamento", "conjunto", "condomínio", "condominio", "chácara", "chacara", "sítio", "sitio",
                     "fazenda", "núcleo", "nucleo", "esplanada", "aeroporto", "lagoa", "morro", "trevo", "viaduto"] {
            table[word] = "BR"
        }
        for word in ["periférico", "periferico", "calzada", "privada", "cerrada", "circuito", "andador", "viaducto", "eje",
                     "retorno"] { table[word] = "MX" }
        for word in ["rue", "chaussée", "chaussee", "quai", "drève", "dreve"] { table[word] = "BE" }
        return table
    }()

    /// Lower-case words inside Spanish, Italian and Portuguese street names.
    static let romanceParticles: Set<String> = [
        "de", "del", "la", "las", "los", "el", "y", "e", "di", "della", "delle", "dei", "degli", "dello",
        "da", "do", "dos", "das", "d", "l", "al", "sul", "du", "des", "le", "les",
    ]

    /// Words before a district name between street and postcode ("Col. Juárez", "Bairro Centro").
    static let districtWords: Set<String> = ["col", "colonia", "bairro", "fracc", "fraccionamiento", "barrio"]

    /// German floors after an ordinal number ("3. OG").
    static let germanFloors: Set<String> = ["og", "stock", "etage", "obergeschoss", "dg", "ug"]

    /// Australian states and territories.
    static let australianStates: Set<String> = ["NSW", "ACT", "VIC", "QLD", "SA", "WA", "TAS", "NT"]

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
        "france": "FR", "canada": "CA", "spain": "ES", "españa": "ES", "italy": "IT", "italia": "IT",
        "netherlands": "NL", "the netherlands": "NL", "nederland": "NL", "belgium": "BE", "belgique": "BE",
        "belgië": "BE", "austria": "AT", "österreich": "AT", "switzerland": "CH", "schweiz": "CH",
        "suisse": "CH", "svizzera": "CH", "portugal": "PT", "brazil": "BR", "brasil": "BR", "mexico": "MX",
        "méxico": "MX", "australia": "AU", "india": "IN", "sweden": "SE", "sverige": "SE",
    ]

    /// Dutch street-name endings ("Keizersgracht", Flemish "Frankrijklei"; "Damrak" has none and
    /// needs its postcode line);
    /// those German shares ("weg", "markt", "hof") are in `germanStreetSuffixes`.
    static let dutchStreetSuffixes: [String] = [
        "straat", "laan", "gracht", "plein", "kade", "singel", "dijk", "steeg", "baan", "dreef", "pad",
        "burgwal", "lei", "steenweg",
    ]

    /// Brazil's states (UF codes), written after the city: "São Paulo - SP".
    static let brazilianStates: Set<String> = [
        "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB", "PR",
        "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
    ]

    /// India's states and union territories, lower case, with the first digits of their PIN codes.
    static let indianStates: [String: String] = [
        "delhi": "1", "new delhi": "1", "haryana": "1", "punjab": "1", "himachal pradesh": "1", "chandigarh": "1",
        "jammu and kashmir": "1", "rajasthan": "3", "gujarat": "3", "uttar pradesh": "2", "uttarakhand": "2",
        "maharashtra": "4", "goa": "4", "madhya pradesh": "4", "chhattisgarh": "4", "andhra pradesh": "5",
        "telangana": "5", "karnataka": "5", "tamil nadu": "6", "kerala": "6", "puducherry": "6",
        "west bengal": "7", "odisha": "7", "assam": "7", "meghalaya": "7", "tripura": "7", "manipur": "7",
        "nagaland": "7", "mizoram": "7", "arunachal pradesh": "7", "sikkim": "7", "bihar": "8", "jharkhand": "8",
    ]
}
