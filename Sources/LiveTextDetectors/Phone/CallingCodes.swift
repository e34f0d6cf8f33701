/// Country calling codes and the region each one is assigned to (ITU-T E.164, "List of ITU-T
/// Recommendation E.164 assigned country codes"). A code shared by several regions maps to its
/// main one; NANP's `1` is split by area code in `NANPRegions`.
enum CallingCodes {
    /// Region of a calling code, or nil for an unassigned code. Codes are prefix-free, so reading
    /// one to three digits and taking the first hit is unambiguous.
    static func region(of code: Int) -> String? { table[code] }

    private static let table: [Int: String] = {
        var result: [Int: String] = [:]
        for entry in list.split(separator: " ") {
            let digits = entry.prefix(while: \.isNumber)
            result[Int(digits)!] = String(entry.dropFirst(digits.count))
        }
        return result
    }()

    private static let list = """
        1US 7RU 20EG 27ZA 30GR 31NL 32BE 33FR 34ES 36HU 39IT 40RO 41CH 43AT 44GB 45DK 46SE 47NO 48PL \
        49DE 51PE 52MX 53CU 54AR 55BR 56CL 57CO 58VE 60MY 61AU 62ID 63PH 64NZ 65SG 66TH 81JP 82KR \
        84VN 86CN 90TR 91IN 92PK 93AF 94LK 95MM 98IR 211SS 212MA 213DZ 216TN 218LY 220GM 221SN 222MR \
        223ML 224GN 225CI 226BF 227NE 228TG 229BJ 230MU 231LR 232SL 233GH 234NG 235TD 236CF 237CM \
        238CV 239ST 240GQ 241GA 242CG 243CD 244AO 245GW 246IO 247AC 248SC 249SD 250RW 251ET 252SO \
        253DJ 254KE 255TZ 256UG 257BI 258MZ 260ZM 261MG 262RE 263ZW 264NA 265MW 266LS 267BW 268SZ \
        269KM 290SH 291ER 297AW 298FO 299GL 350GI 351PT 352LU 353IE 354IS 355AL 356MT 357CY 358FI \
        359BG 370LT 371LV 372EE 373MD 374AM 375BY 376AD 377MC 378SM 380UA 381RS 382ME 383XK 385HR \
        386SI 387BA 389MK 420CZ 421SK 423LI 500FK 501BZ 502GT 503SV 504HN 505NI 506CR 507PA 508PM \
        509HT 590GP 591BO 592GY 593EC 594GF 595PY 596MQ 597SR 598UY 599CW 670TL 672NF 673BN 674NR \
        675PG 676TO 677SB 678VU 679FJ 680PW 681WF 682CK 683NU 685WS 686KI 687NC 688TV 689PF 690TK \
        691FM 692MH 850KP 852HK 853MO 855KH 856LA 880BD 886TW 960MV 961LB 962JO 963SY 964IQ 965KW \
        966SA 967YE 968OM 970PS 971AE 972IL 973BH 974QA 975BT 976MN 977NP 992TJ 993TM 994AZ 995GE \
        996KG 998UZ
        """
}

/// The North American Numbering Plan's members, told apart by area code (NANPA's public list of
/// Canadian and Caribbean NPAs); every other geographic NPA is the US.
enum NANPRegions {
    static let members = ["US", "CA", "AG", "AI", "AS", "BB", "BM", "BS", "DM", "DO", "GD", "GU", "JM",
                          "KN", "KY", "LC", "MP", "MS", "PR", "SX", "TC", "TT", "VC", "VG", "VI"]

    /// Region of a NANP area code.
    static func region(ofAreaCode npa: Int) -> String { table[npa] ?? "US" }

    private static let table: [Int: String] = {
        var result: [Int: String] = [:]
        let canada = """
            204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 403 416 418 428 431 437 438 \
            450 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 \
            780 782 807 819 825 867 873 879 902 905
            """
        for code in canada.split(separator: " ") { result[Int(code)!] = "CA" }
        let others = """
            242BS 246BB 264AI 268AG 284VG 340VI 345KY 441BM 473GD 649TC 658JM 664MS 670MP 671GU \
            684AS 721SX 758LC 767DM 784VC 787PR 809DO 829DO 849DO 868TT 869KN 876JM 939PR
            """
        for entry in others.split(separator: " ") {
            result[Int(entry.prefix(3))!] = String(entry.dropFirst(3))
        }
        return result
    }()
}
