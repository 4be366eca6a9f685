/**
 * A colour field: the hex text (typed or pasted), a swatch that opens a react-aria colour
 * picker (saturation and brightness area, hue slider), and "Par défaut" to clear it. An unset
 * colour is shown as what it is, the colour scheme's default, with a crossed swatch and the
 * word, never as black (the native colour input can only show a colour).
 */
import {
  Button,
  ColorArea,
  ColorPicker,
  ColorSlider,
  ColorSwatch,
  ColorThumb,
  Dialog,
  DialogTrigger,
  Popover,
  parseColor,
  SliderTrack,
} from "react-aria-components";
import { useTranslation } from "react-i18next";

function parsed(value: string) {
  if (!/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/.test(value)) return null;
  try {
    return parseColor(value.length === 9 ? value.slice(0, 7) : value);
  } catch {
    return null;
  }
}

export function ColourPicker(props: {
  a11y: { id: string; "aria-invalid": boolean | undefined; "aria-describedby": string | undefined };
  label: string;
  value: string;
  /** `typing`: a keystroke or a drag in the picker (one undo step for the burst). */
  onChange: (value: string, typing: boolean) => void;
}) {
  const { t } = useTranslation();
  const colour = parsed(props.value);
  const unset = props.value === "";
  return (
    <div className="sf-colour" data-unset={unset || undefined}>
      <ColorPicker
        value={colour ?? parseColor("#808080")}
        onChange={(next) => props.onChange(next.toString("hex").toLowerCase(), true)}
      >
        <DialogTrigger>
          <Button
            className="sf-swatch-button"
            aria-label={t(unset ? "studio.fields.colourPickerDefault" : "studio.fields.colourPicker", {
              label: props.label,
              value: props.value,
            })}
          >
            {colour ? <ColorSwatch className="sf-swatch" /> : <span className="sf-swatch sf-swatch-default" />}
          </Button>
          <Popover className="studio-popover" placement="bottom start">
            <Dialog className="sf-colour-dialog" aria-label={t("studio.fields.colourDialog", { label: props.label })}>
              <ColorArea className="sf-colour-area" colorSpace="hsb" xChannel="saturation" yChannel="brightness">
                <ColorThumb className="sf-colour-thumb" />
              </ColorArea>
              <ColorSlider className="sf-colour-slider" colorSpace="hsb" channel="hue">
                <SliderTrack className="sf-colour-track">
                  <ColorThumb className="sf-colour-thumb" />
                </SliderTrack>
              </ColorSlider>
            </Dialog>
          </Popover>
        </DialogTrigger>
      </ColorPicker>
      <input
        {...props.a11y}
        type="text"
        className="sf-colour-text"
        spellCheck={false}
        placeholder={t("studio.fields.colourDefault")}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value, true)}
      />
      {unset ? null : (
        <button
          type="button"
          className="sf-small sf-colour-clear"
          aria-label={t("studio.fields.colourResetNamed", { label: props.label })}
          onClick={() => props.onChange("", false)}
        >
          {t("studio.fields.colourReset")}
        </button>
      )}
    </div>
  );
}
