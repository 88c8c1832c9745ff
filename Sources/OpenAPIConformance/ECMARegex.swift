import Foundation

/// JSON Schema's `pattern` is an ECMA-262 regular expression; Foundation runs ICU's. Where the two dialects
/// differ on the same text, the pattern is rewritten before ICU compiles it:
/// - `\d`, `\w` (and `\D`, `\W`) are ASCII in ECMA-262, Unicode in ICU;
/// - `\s` is ECMA-262's WhiteSpace and LineTerminator set (ICU's lacks U+000B and U+FEFF);
/// - `$` is the end of the text only (ICU's also matches before a final newline), so it becomes `\z`;
/// - `.` excludes only `\n`, `\r`, U+2028 and U+2029 (ICU's also excludes U+000B, U+000C and U+0085);
/// - `[` inside a class is a literal (ICU would read a nested set), `[]` matches nothing and `[^]` anything;
/// - `\u{1F600}` is ICU's `\x{1F600}`.
/// A pattern ICU still refuses is reported as unchecked, with ICU's reason.
enum ECMARegex {
    struct Refusal: Error {
        let text: String
    }

    static let space = #"\t\n\x{0B}\f\r\p{Zs}\x{FEFF}\x{2028}\x{2029}"#
    static let lineTerminators = #"\n\r\x{2028}\x{2029}"#

    static func compile(_ source: String) -> Result<SchemaPattern, Refusal> {
        let translated = translate(source)
        do {
            return .success(SchemaPattern(source: source, regex: try NSRegularExpression(pattern: translated)))
        } catch {
            return .failure(Refusal(text: "ICU cannot compile it: \((error as NSError).localizedDescription)"))
        }
    }

    static func translate(_ source: String) -> String {
        var out = ""
        var inClass = false
        var characters = Array(source.unicodeScalars)[...]
        while let scalar = characters.popFirst() {
            switch scalar {
            case "\\":
                guard let next = characters.popFirst() else { out += "\\\\"; continue }
                switch next {
                case "d": out += inClass ? "0-9" : "[0-9]"
                case "D": out += "[^0-9]"
                case "w": out += inClass ? "a-zA-Z0-9_" : "[a-zA-Z0-9_]"
                case "W": out += "[^a-zA-Z0-9_]"
                case "s": out += inClass ? space : "[\(space)]"
                case "S": out += "[^\(space)]"
                case "u" where characters.first == "{":
                    out += "\\x"
                default:
                    out.unicodeScalars.append("\\")
                    out.unicodeScalars.append(next)
                }
            case "[" where inClass:
                out += "\\["
            case "[":
                if characters.first == "]" {
                    characters = characters.dropFirst()
                    out += "(?!)"
                } else if characters.starts(with: ["^", "]"]) {
                    characters = characters.dropFirst(2)
                    out += "[\\s\\S]"
                } else {
                    inClass = true
                    out += "["
                    if characters.first == "^" { out += "^"; characters = characters.dropFirst() }
                }
            case "]" where inClass:
                inClass = false
                out += "]"
            case "$" where !inClass:
                out += "\\z"
            case "." where !inClass:
                out += "[^\(lineTerminators)]"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
