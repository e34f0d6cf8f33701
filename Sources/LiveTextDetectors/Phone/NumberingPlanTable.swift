/// National numbering plans of the regions we validate.
///
/// Facts (NSN lengths, leading digits of mobile, fixed, toll-free and premium ranges, trunk and
/// international prefixes) are summarised from the regulators' public plans (ITU-T E.164 national
/// numbering plan notifications, Ofcom's National Telephone Numbering Plan, BNetzA, ARCEP, ACMA,
/// TRAI, NANPA...). They are deliberately coarse: each rule says which leading digits and which
/// NSN lengths are in service, not which exact blocks are allocated. Notation: `NumberRule.init`.
enum NumberingPlans {
    static let all: [NumberingPlan] = [
        NumberingPlan("US", 1, trunk: "1", trunkOptional: true, idd: ["011"],
                      "800:10:t 833:10:t 844:10:t 855:10:t 866:10:t 877:10:t 888:10:t 900:10:r "
                          + "[2-9][0-8]x[2-9]:10:x"),
        NumberingPlan("GB", 44, trunk: "0",
                      "7[1-57-9]:10:m 70:10:p 76:10:g 800:9-10:t 808:10:t 8[47]:10:s 9:10:r 5[56]:10:v "
                          + "3:10:x 1:9-10:f 2:10:f"),
        NumberingPlan("DE", 49, trunk: "0",
                      "1[5-7]:10-11:m 800:10-13:t 180:9-11:s 900:10-11:r 137:10:r 32:10-11:v [2-9]:6-11:f"),
        NumberingPlan("FR", 33, trunk: "0", "6:9:m 7[3-9]:9:m 80:9:t 8[1-9]:9:s 9:9:v [1-5]:9:f"),
        NumberingPlan("ES", 34,
                      "6:9:m 7[1-4]:9:m [89]00:9:t 90[1-2]:9:r 80[1-7]:9:r 8[1-8]:9:f 9[1-8]:9:f"),
        NumberingPlan("IT", 39, "3:9-10:m 80[03]:6-9:t 89:6-10:r 55:10:v 0:6-11:f"),
        NumberingPlan("NL", 31, trunk: "0", "6[1-58]:9:m 800:7-10:t 90[069]:7-10:r 8[478]:9:v [1-57]:9:f"),
        NumberingPlan("BE", 32, trunk: "0", "4[5-9]:9:m 800:8:t 90:8:r 7[08]:8:s [1-9]:8:f"),
        NumberingPlan("CH", 41, trunk: "0",
                      "7[5-9]:9:m 800:9:t 90[016]:9:r 84[0248]:9:s 878:9:v 58:9:v [2-9][1-9]:9:f"),
        NumberingPlan("AT", 43, trunk: "0",
                      "6[5-9]:9-13:m 80[02]:9-13:t 9[03]:9-13:r 8[1-9]:9-13:s 1:4-13:f [2-57]:6-13:f"),
        NumberingPlan("IE", 353, trunk: "0", "8[35-9]:9:m 18[05]0:10:tn 1:8:f [2-79]:7-9:f"),
        NumberingPlan("PT", 351, "9[1236]:9:m 80[08]:9:t 70[78]:9:s 30:9:v 2:9:f"),
        NumberingPlan("SE", 46, trunk: "0", "7[02369]:9:m 20:7-9:t 9[0-4]:7-9:r 8:6-9:f [1-69]:7-9:f"),
        NumberingPlan("NO", 47, "[49]:8:m 80[01]:8:t 82:8:r 8[1-9]:8:s [235-7]:8:f"),
        NumberingPlan("DK", 45, "80:8:t 90:8:r [2-9]:8:x"),
        NumberingPlan("FI", 358, trunk: "0",
                      "4:6-10:m 50:6-10:m 800:7-10:t 60:8-10:s [1-35689]:6-10:f 7:6-10:f"),
        NumberingPlan("PL", 48,
                      "45:9:m 5[0137]:9:m 6[069]:9:m 7[2389]:9:m 88:9:m 800:9:t 70:9:r 80[14]:9:s [1-9]:9:f"),
        NumberingPlan("CZ", 420, "[67]:9:m 800:9:t 90:9:r 8[1-4]:9:s [2-5]:9:f"),
        NumberingPlan("AU", 61, trunk: "0", idd: ["0011"],
                      "4:9:m 1800:10:tn 1300:10:sn 13:6:sn 5:9:p [2378]:9:f"),
        NumberingPlan("NZ", 64, trunk: "0", "2:8-10:m 80[08]:8-10:t 508:9:t 90:8-10:r [34679]:8:f"),
        NumberingPlan("JP", 81, trunk: "0", idd: ["010"],
                      "[7-9]0:10:m 50:10:v 120:9:t 800:10:t 570:9:s [1-9]:9:f"),
        NumberingPlan("CN", 86, trunk: "0", "1[3-9]:11:mo 400:10:sn 800:10:tn [2-9]:10-11:f 10:10-11:f"),
        NumberingPlan("IN", 91, trunk: "0", "1800:10-11:tn 9:10:mo [6-8]:10:xo [1-5]:10:f"),
        NumberingPlan("BR", 55, trunk: "0",
                      "[1-9][1-9]9:11:mo [1-9][1-9][2-5]:10:fo 800:9-10:t 300:10:s [34]00:8:sn"),
        NumberingPlan("AR", 54, trunk: "0", "9[1-9]:11:m 800:10:t 60:10:r [1-9]:10:f"),
        NumberingPlan("MX", 52, "800:10:t 900:10:r [2-9]:10:x"),
        NumberingPlan("RU", 7, trunk: "8", idd: ["810"], "9:10:mo 800:10:t 80[1-9]:10:s [3-8]:10:fo 6:10:xo"),
        NumberingPlan("KR", 82, trunk: "0", idd: ["001", "002"],
                      "1[016-9]:9-10:m 80:9:t 60:9:r 70:9-10:v 1[5689]:8:sn 2:8-9:f [3-6][1-5]:9-10:f"),
        NumberingPlan("SG", 65, idd: ["001"], "[89]:8:m 6:8:f 3:8:v 800:10:t 1800:11:t"),
        NumberingPlan("HK", 852, idd: ["001"], "[4-79]:8:m 800:9:t [23]:8:f 8[1-9]:8:f"),
        NumberingPlan("ZA", 27, trunk: "0", "80:9:t 86:9:s 87:9:v [6-8]:9:m [1-5]:9:f"),
        NumberingPlan("GR", 30, "69:10:m 800:10:t 90:10:r 2:10:f"),
        NumberingPlan("TR", 90, trunk: "0", "5:10:m 800:10:t 900:10:r [2-4]:10:f"),
        NumberingPlan("IL", 972, trunk: "0", "5:9:m 1800:10:tn 7:9:v [2-489]:8:f"),
        NumberingPlan("AE", 971, trunk: "0", "5:9:m 800:7-12:t [2-47]:8:f"),
    ]

    /// Plans by region; NANP members other than the US read national numbers with the US plan.
    static let byRegion: [String: NumberingPlan] = {
        var table: [String: NumberingPlan] = [:]
        for plan in all { table[plan.region] = plan }
        for region in NANPRegions.members { table[region] = table["US"] }
        table["KZ"] = table["RU"]
        return table
    }()

    /// Plans by calling code (the plan of the code's main region).
    static let byCallingCode: [Int: NumberingPlan] = {
        var table: [Int: NumberingPlan] = [:]
        for plan in all { table[plan.callingCode] = plan }
        return table
    }()
}
