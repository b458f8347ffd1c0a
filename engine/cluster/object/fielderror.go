package object

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// ErrorType is the machine-readable reason of a FieldError; the values are
// Kubernetes' (k8s.io/apimachinery/pkg/util/validation/field/errors.go) and
// appear as the reason of a StatusCause.
type ErrorType string

// The error types of k8s.io/apimachinery/pkg/util/validation/field/errors.go.
const (
	ErrorTypeNotFound     ErrorType = "FieldValueNotFound"
	ErrorTypeRequired     ErrorType = "FieldValueRequired"
	ErrorTypeDuplicate    ErrorType = "FieldValueDuplicate"
	ErrorTypeInvalid      ErrorType = "FieldValueInvalid"
	ErrorTypeNotSupported ErrorType = "FieldValueNotSupported"
	ErrorTypeForbidden    ErrorType = "FieldValueForbidden"
	ErrorTypeTooLong      ErrorType = "FieldValueTooLong"
	ErrorTypeTooMany      ErrorType = "FieldValueTooMany"
	ErrorTypeTooFew       ErrorType = "FieldValueTooFew"
	ErrorTypeInternal     ErrorType = "InternalError"
	ErrorTypeTypeInvalid  ErrorType = "FieldValueTypeInvalid"
	ErrorTypeTooShort     ErrorType = "FieldValueTooShort"
)

// String is the human wording of the type (ErrorType.String in field/errors.go).
func (t ErrorType) String() string {
	switch t {
	case ErrorTypeNotFound:
		return "Not found"
	case ErrorTypeRequired:
		return "Required value"
	case ErrorTypeDuplicate:
		return "Duplicate value"
	case ErrorTypeInvalid, ErrorTypeTypeInvalid:
		return "Invalid value"
	case ErrorTypeNotSupported:
		return "Unsupported value"
	case ErrorTypeForbidden:
		return "Forbidden"
	case ErrorTypeTooLong:
		return "Too long"
	case ErrorTypeTooMany:
		return "Too many"
	case ErrorTypeTooFew:
		return "Too few"
	case ErrorTypeInternal:
		return "Internal error"
	case ErrorTypeTooShort:
		return "Too short"
	}
	return fmt.Sprintf("<unknown error %q>", string(t))
}

// FieldError is one validation failure at a field, as Kubernetes'
// field.Error. Field uses Kubernetes' path notation:
// "spec.template.spec.containers[0].image", "resources.requests[cpu]".
type FieldError struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
}

// omitValue marks a FieldError whose value is not printed (field.omitValue).
type omitValue struct{}

// OmitValue is a BadValue that prints nothing, as Kubernetes' TooMany with
// an unknown count.
var OmitValue any = omitValue{}

// Error renders "field: body" (field/errors.go, Error).
func (e *FieldError) Error() string { return e.Field + ": " + e.Body() }

// Body renders the error without its field, as Kubernetes' ErrorBody does
// in v1.37 (field/errors.go): Required, Forbidden, TooLong, TooShort and
// Internal print no value; other types print the value — int, float and
// bool bare, strings quoted with %q, anything else as JSON (older
// Kubernetes printed %#v, e.g. map[string]string{"app":"x"}) — then
// ": detail" when there is a detail.
func (e *FieldError) Body() string {
	var b strings.Builder
	b.WriteString(e.Type.String())
	switch e.Type {
	case ErrorTypeRequired, ErrorTypeForbidden, ErrorTypeTooLong, ErrorTypeTooShort, ErrorTypeInternal:
	default:
		if _, omit := e.BadValue.(omitValue); omit {
			break
		}
		b.WriteString(": ")
		b.WriteString(FormatBadValue(e.BadValue))
	}
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// FormatBadValue prints a value as field.Error's ErrorBody does.
func FormatBadValue(v any) string {
	switch t := v.(type) {
	case int64, int32, float64, float32, bool:
		return fmt.Sprint(t)
	case string:
		return strconv.Quote(t)
	case int:
		return strconv.Itoa(t)
	}
	if b, err := json.Marshal(v); err == nil {
		return string(b)
	}
	if s, ok := v.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%#v", v)
}

// FieldErrors is a list of validation failures (field.ErrorList).
type FieldErrors []*FieldError

// Error renders the list as Kubernetes' aggregate does
// (k8s.io/apimachinery/pkg/util/errors/errors.go, aggregate.Error): one
// message alone, several as "[a, b]", duplicates dropped.
func (l FieldErrors) Error() string {
	seen := make(map[string]bool, len(l))
	msgs := make([]string, 0, len(l))
	for _, e := range l {
		m := e.Error()
		if seen[m] {
			continue
		}
		seen[m] = true
		msgs = append(msgs, m)
	}
	switch len(msgs) {
	case 0:
		return ""
	case 1:
		return msgs[0]
	}
	return "[" + strings.Join(msgs, ", ") + "]"
}

// Constructors mirroring field/errors.go.

// Required reports a missing value (field.Required).
func Required(field, detail string) *FieldError {
	return &FieldError{Type: ErrorTypeRequired, Field: field, BadValue: "", Detail: detail}
}

// Invalid reports a malformed value (field.Invalid).
func Invalid(field string, value any, detail string) *FieldError {
	return &FieldError{Type: ErrorTypeInvalid, Field: field, BadValue: value, Detail: detail}
}

// NotSupported reports a value outside an enumeration (field.NotSupported):
// the detail lists the supported values, each quoted.
func NotSupported(field string, value any, valid []string) *FieldError {
	detail := ""
	if len(valid) > 0 {
		q := make([]string, len(valid))
		for i, v := range valid {
			q[i] = strconv.Quote(v)
		}
		detail = "supported values: " + strings.Join(q, ", ")
	}
	return &FieldError{Type: ErrorTypeNotSupported, Field: field, BadValue: value, Detail: detail}
}

// Duplicate reports a repeated value (field.Duplicate).
func Duplicate(field string, value any) *FieldError {
	return &FieldError{Type: ErrorTypeDuplicate, Field: field, BadValue: value}
}

// Forbidden reports a value not allowed here (field.Forbidden).
func Forbidden(field, detail string) *FieldError {
	return &FieldError{Type: ErrorTypeForbidden, Field: field, BadValue: "", Detail: detail}
}

// TooLong reports a value over a byte limit (field.TooLong in v1.37:
// "may not be more than N bytes").
func TooLong(field string, maxLength int) *FieldError {
	unit := "bytes"
	if maxLength == 1 {
		unit = "byte"
	}
	msg := "value is too long"
	if maxLength >= 0 {
		msg = fmt.Sprintf("may not be more than %d %s", maxLength, unit)
	}
	return &FieldError{Type: ErrorTypeTooLong, Field: field, BadValue: "<value omitted>", Detail: msg}
}

// TooMany reports a list over a count limit (field.TooMany).
func TooMany(field string, actual, max int) *FieldError {
	unit := "items"
	if max == 1 {
		unit = "item"
	}
	msg := "has too many items"
	if max >= 0 {
		msg = fmt.Sprintf("must have at most %d %s", max, unit)
	}
	var bad any = actual
	if actual < 0 {
		bad = OmitValue
	}
	return &FieldError{Type: ErrorTypeTooMany, Field: field, BadValue: bad, Detail: msg}
}

// StatusCause is one entry of a Status' details.causes
// (k8s.io/apimachinery/pkg/apis/meta/v1/types.go).
type StatusCause struct {
	Reason  string // the ErrorType, e.g. "FieldValueInvalid"
	Message string // the error body, e.g. "Invalid value: 0: may not be 0 when `maxSurge` is 0"
	Field   string
}

// Causes converts the errors to StatusCauses, in order, duplicates kept
// (errors.NewInvalid in k8s.io/apimachinery/pkg/api/errors/errors.go).
func (l FieldErrors) Causes() []StatusCause {
	out := make([]StatusCause, len(l))
	for i, e := range l {
		out[i] = StatusCause{Reason: string(e.Type), Message: e.Body(), Field: e.Field}
	}
	return out
}

// QualifiedKind renders a group and kind as schema.GroupKind.String does:
// "Deployment.apps", or "Pod" for the core group.
func QualifiedKind(group, kind string) string {
	if group == "" {
		return kind
	}
	return kind + "." + group
}

// InvalidMessage is the message of a 422 Invalid StatusError
// (errors.NewInvalid in k8s.io/apimachinery/pkg/api/errors/errors.go):
//
//	Deployment.apps "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0
func InvalidMessage(info *KindInfo, name string, errs FieldErrors) string {
	qk := QualifiedKind(info.Group, info.Kind)
	if len(errs) == 0 {
		return fmt.Sprintf("%s %q is invalid", qk, name)
	}
	return fmt.Sprintf("%s %q is invalid: %s", qk, name, errs.Error())
}
