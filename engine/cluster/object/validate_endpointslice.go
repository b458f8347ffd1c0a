package object

import (
	"fmt"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"
)

// Validation of EndpointSlices after ValidateEndpointSlice
// (k8s.io/kubernetes/pkg/apis/discovery/validation/validation.go, v1.37).

// The limits of discovery/validation/validation.go.
const (
	maxSliceEndpoints = 1000
	maxSliceAddresses = 100
	maxSlicePorts     = 20000
)

// validateEndpointSlice is ValidateEndpointSlice: the address type, the
// ports (names, protocols, app protocols) and each endpoint's addresses,
// node name and hostname. The errors that v1.37 leaves to its
// declarative validation (a missing or unsupported address type, an
// endpoint without addresses or with too many) come after the others,
// as the API server reports them. An update that leaves the endpoints as
// they were is not refused for them.
func validateEndpointSlice(o, old *Object) FieldErrors {
	addrType, hasType := o.Content["addressType"].(string)
	var declared FieldErrors
	switch supported := []string{"FQDN", "IPv4", "IPv6"}; {
	case !hasType || addrType == "":
		declared = append(declared, Required("addressType", ""))
	case !slices.Contains(supported, addrType):
		declared = append(declared, NotSupported("addressType", addrType, supported))
	}
	errs := validateSlicePorts(listAt(o.Content, "ports"))
	endpoints := listAt(o.Content, "endpoints")
	epErrs, epDeclared := validateSliceEndpoints(endpoints, addrType)
	if old != nil && EqualValues(o.Content["endpoints"], old.Content["endpoints"]) {
		epErrs, epDeclared = nil, nil
	}
	errs = append(errs, epErrs...)
	errs = append(errs, declared...)
	return append(errs, epDeclared...)
}

// validateSlicePorts is validatePorts.
func validateSlicePorts(ports []any) FieldErrors {
	if len(ports) > maxSlicePorts {
		return FieldErrors{TooMany("ports", len(ports), maxSlicePorts)}
	}
	var errs FieldErrors
	var names []string
	for i, p := range ports {
		pm, _ := p.(map[string]any)
		fp := index("ports", i)
		name := stringAt(pm, "name")
		if name != "" {
			for _, msg := range IsDNS1123Label(name) {
				errs = append(errs, Invalid(child(fp, "name"), name, msg))
			}
		}
		if slices.Contains(names, name) {
			errs = append(errs, Duplicate(child(fp, "name"), name))
		} else {
			names = append(names, name)
		}
		protocols := []string{"SCTP", "TCP", "UDP"}
		if proto, ok := pm["protocol"].(string); !ok {
			errs = append(errs, Required(child(fp, "protocol"), ""))
		} else if !slices.Contains(protocols, proto) {
			errs = append(errs, NotSupported(child(fp, "protocol"), proto, protocols))
		}
		if ap, ok := pm["appProtocol"].(string); ok {
			for _, msg := range IsQualifiedName(ap) {
				errs = append(errs, Invalid(child(fp, "appProtocol"), ap, msg))
			}
		}
	}
	return errs
}

// validateSliceEndpoints is validateEndpoints; the second list holds the
// errors of declarative validation.
func validateSliceEndpoints(endpoints []any, addrType string) (errs, declared FieldErrors) {
	if len(endpoints) > maxSliceEndpoints {
		return FieldErrors{TooMany("endpoints", len(endpoints), maxSliceEndpoints)}, nil
	}
	for i, e := range endpoints {
		em, _ := e.(map[string]any)
		fp := index("endpoints", i)
		ap := child(fp, "addresses")
		addrs := listAt(em, "addresses")
		if len(addrs) == 0 {
			declared = append(declared, Required(ap, "must contain at least 1 address"))
		} else if len(addrs) > maxSliceAddresses {
			declared = append(declared, TooMany(ap, len(addrs), maxSliceAddresses))
		}
		for j, a := range addrs {
			addr, _ := a.(string)
			errs = append(errs, validateSliceAddress(addr, addrType, ap, index(ap, j))...)
		}
		if n, ok := em["nodeName"].(string); ok {
			for _, msg := range IsDNS1123Subdomain(n) {
				errs = append(errs, Invalid(child(fp, "nodeName"), n, msg))
			}
		}
		if h, ok := em["hostname"].(string); ok {
			for _, msg := range IsDNS1123Label(h) {
				errs = append(errs, Invalid(child(fp, "hostname"), h, msg))
			}
		}
	}
	return errs, declared
}

// validateSliceAddress checks one address of an endpoint against the
// slice's address type: an IPv4 address as a legacy field (sloppy
// parsing, then strict), an IPv6 one strictly and in canonical form, both
// as usable endpoint addresses; an FQDN as a domain of two labels or
// more. The family mismatch is reported on the list (path), as
// validation.go does.
func validateSliceAddress(addr, addrType, path, fp string) FieldErrors {
	switch addrType {
	case "IPv4":
		if errs := strictIP(addr, fp); len(errs) > 0 {
			return errs
		}
		var errs FieldErrors
		if ip := parseIPSloppy(addr); ip.To4() == nil {
			errs = append(errs, Invalid(path, addr, "must be an IPv4 address"))
		}
		return append(errs, validateEndpointIP(addr, fp)...)
	case "IPv6":
		errs := strictIP(addr, fp)
		if len(errs) > 0 {
			return errs
		}
		if a, _ := netip.ParseAddr(addr); a.String() != addr {
			errs = append(errs, Invalid(fp, addr, fmt.Sprintf("must be in canonical form (%q)", a.String())))
			return errs
		}
		if parseIPSloppy(addr).To4() != nil {
			errs = append(errs, Invalid(path, addr, "must be an IPv6 address"))
		}
		return append(errs, validateEndpointIP(addr, fp)...)
	case "FQDN":
		return validateFQDN(addr, fp)
	}
	return nil
}

// strictIP is parseIP of k8s.io/apimachinery/pkg/util/validation/ip.go
// with strict validation (the StrictIPCIDRValidation gate, on in v1.37).
func strictIP(addr, fp string) FieldErrors {
	if parseIPSloppy(addr) == nil {
		return FieldErrors{Invalid(fp, addr, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)")}
	}
	var errs FieldErrors
	a, err := netip.ParseAddr(addr)
	if err != nil {
		errs = append(errs, Invalid(fp, addr, "must not have leading 0s"))
	}
	if a.Is4In6() {
		errs = append(errs, Invalid(fp, addr, "must not be an IPv4-mapped IPv6 address"))
	}
	return errs
}

// parseIPSloppy is k8s.io/utils/net's ParseIPSloppy: net.ParseIP, but a
// dotted quad may have leading zeros (read as decimal).
func parseIPSloppy(s string) net.IP {
	if ip := net.ParseIP(s); ip != nil {
		return ip
	}
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return nil
	}
	var b [4]byte
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 8)
		if err != nil || p == "" {
			return nil
		}
		b[i] = byte(n)
	}
	return net.IPv4(b[0], b[1], b[2], b[3])
}

// validateEndpointIP is ValidateEndpointIP (core/validation): not
// unspecified, loopback or link-local.
func validateEndpointIP(addr, fp string) FieldErrors {
	ip := parseIPSloppy(addr)
	var errs FieldErrors
	if ip.IsUnspecified() {
		errs = append(errs, Invalid(fp, addr, fmt.Sprintf("may not be unspecified (%v)", addr)))
	}
	if ip.IsLoopback() {
		errs = append(errs, Invalid(fp, addr, "may not be in the loopback range (127.0.0.0/8, ::1/128)"))
	}
	if ip.IsLinkLocalUnicast() {
		errs = append(errs, Invalid(fp, addr, "may not be in the link-local range (169.254.0.0/16, fe80::/10)"))
	}
	if ip.IsLinkLocalMulticast() {
		errs = append(errs, Invalid(fp, addr, "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)"))
	}
	return errs
}

// validateFQDN is IsFullyQualifiedDomainName
// (k8s.io/apimachinery/pkg/util/validation): a subdomain (a final dot
// allowed) of at least two labels.
func validateFQDN(name, fp string) FieldErrors {
	if name == "" {
		return FieldErrors{Required(fp, "")}
	}
	name = strings.TrimSuffix(name, ".")
	if msgs := IsDNS1123Subdomain(name); len(msgs) > 0 {
		return FieldErrors{Invalid(fp, name, strings.Join(msgs, ","))}
	}
	labels := strings.Split(name, ".")
	if len(labels) < 2 {
		return FieldErrors{Invalid(fp, name, "should be a domain with at least two segments separated by dots")}
	}
	for _, l := range labels {
		if msgs := IsDNS1123Label(l); len(msgs) > 0 {
			return FieldErrors{Invalid(fp, l, strings.Join(msgs, ","))}
		}
	}
	return nil
}
