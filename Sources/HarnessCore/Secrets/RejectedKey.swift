import FoursquarePlaces

/// The key the harness's 401 checks send: obviously not a key, so no server that checks keys accepts it and no log
/// can hold a real one. The emulator refuses it whatever `--key` says, as the API refuses a key it does not know;
/// a server that answers it 2xx is not the API (`APIPremise`).
package enum RejectedKey {
    /// `fsq-contract-invalid-key-for-401-checks`.
    package static let key = APIKey("fsq-contract-invalid-key-for-401-checks")
}
