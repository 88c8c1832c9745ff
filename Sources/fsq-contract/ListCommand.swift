import ArgumentParser
import FoursquarePlaces

/// `fsq-contract list`: the endpoint catalog.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Print the endpoint catalog.")

    func run() throws {
        let idWidth = Endpoint.catalog.map(\.id.rawValue.count).max() ?? 0
        let pathWidth = Endpoint.catalog.map(\.pathTemplate.count).max() ?? 0
        for endpoint in Endpoint.catalog {
            let parameters = endpoint.parameters.map { $0.required ? "\($0.name)*" : $0.name }.joined(separator: ", ")
            print("\(pad(endpoint.id.rawValue, idWidth))  \(endpoint.method) \(pad(endpoint.pathTemplate, pathWidth))  spec \(endpoint.specDocument)  \(parameters)")
        }
        print("(* required)")
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}
