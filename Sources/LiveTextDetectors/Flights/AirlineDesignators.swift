/// Airline designators: IATA two-character codes and ICAO three-letter codes of the world's
/// significant passenger and cargo airlines.
///
/// Facts from the public IATA/ICAO designator lists (as published by the airlines and collected
/// on Wikipedia's "List of airline codes"). `-` marks a code an airline does not have.
enum AirlineDesignators {
    struct Airline: Sendable {
        let iata: String?
        let icao: String?
        let name: String
    }

    /// Airlines by IATA code.
    static let byIATA: [String: Airline] = {
        var table: [String: Airline] = [:]
        for airline in all { if let iata = airline.iata, table[iata] == nil { table[iata] = airline } }
        return table
    }()

    /// Airlines by ICAO code.
    static let byICAO: [String: Airline] = {
        var table: [String: Airline] = [:]
        for airline in all { if let icao = airline.icao, table[icao] == nil { table[icao] = airline } }
        return table
    }()

    static let all: [Airline] = list.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ", maxSplits: 2)
        guard parts.count == 3 else { return nil }
        return Airline(iata: parts[0] == "-" ? nil : String(parts[0]),
                       icao: parts[1] == "-" ? nil : String(parts[1]), name: String(parts[2]))
    }

    private static let list = """
        AA AAL American Airlines
        AC ACA Air Canada
        AD AZU Azul Brazilian Airlines
        AF AFR Air France
        AH DAH Air Algérie
        AI AIC Air India
        AK AXM AirAsia
        AM AMX Aeroméxico
        AR ARG Aerolíneas Argentinas
        AS ASA Alaska Airlines
        AT RAM Royal Air Maroc
        AV AVA Avianca
        AY FIN Finnair
        AZ ITY ITA Airways
        A3 AEE Aegean Airlines
        BA BAW British Airways
        BG BBC Biman Bangladesh Airlines
        BI RBA Royal Brunei Airlines
        BR EVA EVA Air
        BT BTI airBaltic
        BW BWA Caribbean Airlines
        B6 JBU JetBlue
        CA CCA Air China
        CI CAL China Airlines
        CM CMP Copa Airlines
        CX CPA Cathay Pacific
        CZ CSN China Southern Airlines
        DE CFG Condor
        DL DAL Delta Air Lines
        DY NOZ Norwegian
        D8 NSZ Norwegian Air Sweden
        EI EIN Aer Lingus
        EK UAE Emirates
        EN DLA Air Dolomiti
        ET ETH Ethiopian Airlines
        EW EWG Eurowings
        EY ETD Etihad Airways
        FI ICE Icelandair
        FJ FJI Fiji Airways
        FM CSH Shanghai Airlines
        FR RYR Ryanair
        FZ FDB flydubai
        F9 FFT Frontier Airlines
        GA GIA Garuda Indonesia
        GF GFA Gulf Air
        G3 GLO Gol
        G4 AAY Allegiant Air
        HA HAL Hawaiian Airlines
        HO DKH Juneyao Air
        HU CHH Hainan Airlines
        HV TRA Transavia
        HX CRK Hong Kong Airlines
        IB IBE Iberia
        JL JAL Japan Airlines
        JQ JST Jetstar
        JU ASL Air Serbia
        J2 AHY Azerbaijan Airlines
        KC KZR Air Astana
        KE KAL Korean Air
        KL KLM KLM
        KM KMM KM Malta Airlines
        KQ KQA Kenya Airways
        KU KAC Kuwait Airways
        LA LAN LATAM Airlines
        LG LGL Luxair
        LH DLH Lufthansa
        LO LOT LOT Polish Airlines
        LX SWR Swiss
        LY ELY El Al
        MH MAS Malaysia Airlines
        MK MAU Air Mauritius
        MS MSR EgyptAir
        MU CES China Eastern Airlines
        NH ANA All Nippon Airways
        NK NKS Spirit Airlines
        NZ ANZ Air New Zealand
        OA OAL Olympic Air
        OS AUA Austrian Airlines
        OU CTN Croatia Airlines
        OZ AAR Asiana Airlines
        PC PGT Pegasus Airlines
        PD POE Porter Airlines
        PG BKP Bangkok Airways
        PK PIA Pakistan International Airlines
        PR PAL Philippine Airlines
        QF QFA Qantas
        QR QTR Qatar Airways
        RJ RJA Royal Jordanian
        RO ROT TAROM
        SA SAA South African Airways
        SK SAS Scandinavian Airlines
        SN BEL Brussels Airlines
        SQ SIA Singapore Airlines
        SU AFL Aeroflot
        SV SVA Saudia
        SY SCX Sun Country Airlines
        S7 SBI S7 Airlines
        TG THA Thai Airways
        TK THY Turkish Airlines
        TP TAP TAP Air Portugal
        TR TGW Scoot
        TS TSC Air Transat
        UA UAL United Airlines
        UL ALK SriLankan Airlines
        UX AEA Air Europa
        U2 EZY easyJet
        VA VOZ Virgin Australia
        VN HVN Vietnam Airlines
        VS VIR Virgin Atlantic
        VY VLG Vueling
        VJ VJC VietJet Air
        WN SWA Southwest Airlines
        WS WJA WestJet
        WY OMA Oman Air
        W6 WZZ Wizz Air
        XQ SXS SunExpress
        XY KNE flynas
        ZH CSZ Shenzhen Airlines
        ZL RXA Regional Express
        3K JSA Jetstar Asia
        3U CSC Sichuan Airlines
        4U GWI Germanwings
        5J CEB Cebu Pacific
        6E IGO IndiGo
        7C JJA Jeju Air
        8M MMA Myanmar Airways International
        9W JAI Jet Airways
        AQ JYH 9 Air
        BX ABL Air Busan
        CG TOK PNG Air
        DV VSV SCAT Airlines
        D7 XAX AirAsia X
        EL ELL Ellinair
        E9 EVE Iberojet
        FD AIQ Thai AirAsia
        FY FFM Firefly
        G9 ABY Air Arabia
        HY UZB Uzbekistan Airways
        H1 - Hahn Air
        IG ISS Meridiana
        IZ AIZ Arkia
        I2 IBS Iberia Express
        JJ TAM LATAM Brasil
        KA HDA Cathay Dragon
        KB DRK Druk Air
        LS EXS Jet2
        LM LOG Loganair
        MF CXA Xiamen Airlines
        ME MEA Middle East Airlines
        MI SLK SilkAir
        MM APJ Peach
        NX AMU Air Macau
        OD MXD Batik Air Malaysia
        OK CSA Czech Airlines
        OV OMS SalamAir
        PS AUI Ukraine International Airlines
        QH BAV Bamboo Airways
        QZ AWQ Indonesia AirAsia
        SG SEJ SpiceJet
        SL TLM Thai Lion Air
        SM MSC Air Cairo
        TO TVF Transavia France
        TU TAR Tunisair
        TX FWI Air Caraïbes
        UK VTI Vistara
        UO HKE HK Express
        UP BHS Bahamasair
        UU REU Air Austral
        VB VIV VivaAerobus
        VX VRD Virgin America
        VZ TVJ Thai Vietjet Air
        WB RWD RwandAir
        WF WIF Widerøe
        WK EDW Edelweiss Air
        WM WIA Winair
        XC CAI Corendon Airlines
        XK CCM Air Corsica
        Y4 VOI Volaris
        YM MGX Montenegro Airlines
        ZB ABN Air Albania
        ZF AZV Azur Air
        2P GAP PAL Express
        3O MAC Air Arabia Maroc
        4Y UBD Airbus Transport International
        5X UPS UPS Airlines
        FX FDX FedEx Express
        5Y GTI Atlas Air
        CV CLX Cargolux
        QY BCS European Air Transport
        D0 DHK DHL Air UK
        ER DHA DHL Aviation
        PO PAC Polar Air Cargo
        K4 CKS Kalitta Air
        8V - Astral Aviation
        RU ABW AirBridgeCargo
        MP MPH Martinair
        NO NOS Neos
        OG - Play
        BY TOM TUI Airways
        X3 TUI TUIfly
        OR TFL TUI fly Netherlands
        TB JAF TUI fly Belgium
        MT TCX Thomas Cook Airlines
        ZI AAF Aigle Azur
        BJ LBT Nouvelair
        QS TVS Smartwings
        LT LTC Smartwings Poland
        ZT AWC Titan Airways
        BE BEE Flybe
        EZ EZS easyJet Switzerland
        EC EJU easyJet Europe
        RK RUK Ryanair UK
        AL RUK Malta Air
        V7 VOE Volotea
        N0 NBT Norse Atlantic Airways
        Z0 NBT Norse Atlantic Airways
        DI NRS Norwegian Air Shuttle
        OE LDM Lauda Europe
        HG NLY Niki
        4O AIJ Interjet
        YX RPA Republic Airways
        OO SKW SkyWest Airlines
        MQ ENY Envoy Air
        9E EDV Endeavor Air
        OH JIA PSA Airlines
        YV ASH Mesa Airlines
        QX QXE Horizon Air
        ZW AWI Air Wisconsin
        G7 GJS GoJet Airlines
        C5 UCA CommuteAir
        PT PDT Piedmont Airlines
        XP CXP Avelo Airlines
        MX MXY Breeze Airways
        3M SIL Silver Airways
        KS PEN PenAir
        7H RVF Ravn Alaska
        HD ADO Air Do
        BC SKY Skymark Airlines
        GK JJP Jetstar Japan
        IJ SJO Spring Japan
        NU JTA Japan Transocean Air
        JH FDA Fuji Dream Airlines
        LJ JNA Jin Air
        TW TWB T'way Air
        ZE ESR Eastar Jet
        RS ASV Air Seoul
        IT TTW Tigerair Taiwan
        AE MDA Mandarin Airlines
        B7 UIA Uni Air
        GE TNA TransAsia Airways
        3S - Air Antilles
        8L LKE Lucky Air
        GS GCR Tianjin Airlines
        JD CBJ Beijing Capital Airlines
        9C CQH Spring Airlines
        KN CUA China United Airlines
        SC CDG Shandong Airlines
        EU UEA Chengdu Airlines
        GJ CDC Loong Air
        TV TBA Tibet Airlines
        PN CHB West Air
        NS HBH Hebei Airlines
        DR RLH Ruili Airlines
        8K KMI K-Mile Air
        WE THD Thai Smile
        DD NOK Nok Air
        XJ TAX Thai AirAsia X
        ID BTK Batik Air
        JT LNI Lion Air
        IW WON Wings Air
        QG CTV Citilink
        Z2 APG Philippines AirAsia
        DG SRQ Cebgo
        AK AXM AirAsia
        TR TGW Scoot
        VJ VJC VietJet Air
        BL PIC Pacific Airlines
        K6 KHV Cambodia Angkor Air
        QV LAO Lao Airlines
        UB UBA Myanmar National Airlines
        BS UBG US-Bangla Airlines
        RA RNA Nepal Airlines
        I5 IAD AirAsia India
        IX AXB Air India Express
        G8 GOW Go First
        QP AKJ Akasa Air
        9I LLR Alliance Air
        J9 JZR Jazeera Airways
        IY IYE Yemenia
        R5 JAV Jordan Aviation
        NP NIA Nile Air
        NE NMA Nesma Airlines
        IR IRA Iran Air
        W5 IRM Mahan Air
        EP IRC Iran Aseman Airlines
        RB SYR Syrian Air
        6H ISR Israir
        A9 TGZ Georgian Airways
        FV SDM Rossiya
        UT UTA UTair
        U6 SVR Ural Airlines
        DP PBD Pobeda
        N4 NWS Nordwind Airlines
        5N AUL Smartavia
        B2 BRU Belavia
        PQ SQP SkyUp
        H9 HIM Himalaya Airlines
        KK KKK AtlasGlobal
        VF TKJ AJet
        2B AWT Albawings
        FB LZB Bulgaria Air
        0B BMS Blue Air
        W4 WMT Wizz Air Malta
        5W WAZ Wizz Air Abu Dhabi
        W9 WUK Wizz Air UK
        LX SWR Swiss
        2L OAW Helvetic Airways
        FB LZB Bulgaria Air
        HM SEY Air Seychelles
        KP SKK ASKY Airlines
        HF VRE Air Côte d'Ivoire
        P4 APK Air Peace
        W3 ARA Arik Air
        QC CRD Camair-Co
        SS CRL Corsair International
        TC ATC Air Tanzania
        UM AZW Air Zimbabwe
        4Z LNK Airlink
        FA SFR FlySafair
        MN CAW Kulula
        TM LAM LAM Mozambique Airlines
        DT DTA TAAG Angola Airlines
        SW NMB Air Namibia
        PW PRF Precision Air
        QL LER LASER Airlines
        2I SRU Star Perú
        H2 SKU Sky Airline
        JA JAT JetSMART
        LP LPE LATAM Airlines Peru
        XL LNE LATAM Airlines Ecuador
        4M DSM LATAM Airlines Argentina
        O6 ONE Avianca Brazil
        2K GLG Avianca Ecuador
        TA TAI TACA
        P5 RPB Wingo
        VH VVC Viva Air
        OB BOV Boliviana de Aviación
        ZP AZP Paranair
        4C ARE LATAM Airlines Colombia
        4O AIJ Interjet
        Q6 VOC Volaris Costa Rica
        BB - Seaborne Airlines
        JY IWY interCaribbean Airways
        LI LIA LIAT
        WG SWG Sunwing Airlines
        F8 FLE Flair Airlines
        WR WEN WestJet Encore
        QK JZA Jazz Aviation
        RV ROU Air Canada Rouge
        MO CAV Calm Air
        4N ANT Air North
        5T MPE Canadian North
        PB SPR PAL Airlines
        NZ ANZ Air New Zealand
        JQ JST Jetstar
        QQ UTY Alliance Airlines
        TT TGG Tigerair Australia
        NF AVN Air Vanuatu
        SB ACI Aircalin
        TN THT Air Tahiti Nui
        VT VTA Air Tahiti
        FJ FJI Fiji Airways
        PX ANG Air Niugini
        IE SOL Solomon Airlines
        """
}
