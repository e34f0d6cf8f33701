/// Builds the introspection XML that `org.freedesktop.DBus.Introspectable.Introspect` returns. libdbus's
/// own reply lists only child nodes, so the whole document is generated here from the descriptions.
enum Introspection {
    static let docStringAnnotation = "org.freedesktop.DBus.DocString"

    static func xml(interfaces: [DBusInterface], children: [String]) -> String {
        var out = """
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
            <node>

            """
        for interface in interfaces { write(interface, into: &out) }
        if !interfaces.isEmpty { out += standardInterfaces }
        for child in children { out += "  <node name=\"\(escape(child))\"/>\n" }
        out += "</node>\n"
        return out
    }

    private static func write(_ interface: DBusInterface, into out: inout String) {
        out += "  <interface name=\"\(escape(interface.name))\">\n"
        doc(interface.doc, indent: "    ", into: &out)
        for method in interface.methods {
            out += "    <method name=\"\(escape(method.name))\">\n"
            doc(method.doc, indent: "      ", into: &out)
            for arg in method.inputs { argument(arg, direction: "in", into: &out) }
            for arg in method.outputs { argument(arg, direction: "out", into: &out) }
            out += "    </method>\n"
        }
        for signal in interface.signals {
            out += "    <signal name=\"\(escape(signal.name))\">\n"
            doc(signal.doc, indent: "      ", into: &out)
            for arg in signal.arguments { argument(arg, direction: nil, into: &out) }
            out += "    </signal>\n"
        }
        for property in interface.properties {
            out += "    <property name=\"\(escape(property.name))\" type=\"\(escape(property.type.signature))\""
                + " access=\"\(property.access.rawValue)\">\n"
            doc(property.doc, indent: "      ", into: &out)
            if property.emitsChanged != .true {
                out += "      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\""
                    + " value=\"\(property.emitsChanged.rawValue)\"/>\n"
            }
            out += "    </property>\n"
        }
        out += "  </interface>\n"
    }

    private static func argument(_ arg: DBusArgument, direction: String?, into out: inout String) {
        out += "      <arg name=\"\(escape(arg.name))\" type=\"\(escape(arg.type.signature))\""
        if let direction { out += " direction=\"\(direction)\"" }
        out += "/>\n"
    }

    private static func doc(_ text: String?, indent: String, into out: inout String) {
        guard let text, !text.isEmpty else { return }
        out += "\(indent)<annotation name=\"\(docStringAnnotation)\" value=\"\(escape(text))\"/>\n"
    }

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for ch in text.unicodeScalars {
            switch ch {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            default: result.unicodeScalars.append(ch)
            }
        }
        return result
    }

    /// The interfaces every exported object answers (Peer is answered by libdbus itself).
    static let standardInterfaces = """
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>

        """
}
