#!/usr/bin/env python3
"""Writes the group resource "Presenting a patient case in English":
    apps/server/src/demo/elearning/resources/presenting-a-case.pptx  (6 slides, 16:9)
    apps/server/src/demo/elearning/resources/presenting-a-case.svg   (its thumbnail)

The slide text was written for MedEnglish. The .pptx is plain Office Open XML written by hand
(one slide master, one "Title Only" layout, a theme, six slides) and zipped with the standard
library, so nothing needs installing.

Run from anywhere (needs only python3):
    python3 apps/server/scripts/demo-media/presenting-a-case.py
Check (optional, Debian: apt-get install -y libreoffice-impress):
    libreoffice --headless --convert-to pdf --outdir /tmp apps/server/src/demo/elearning/resources/presenting-a-case.pptx
"""
import os
import zipfile
from xml.sax.saxutils import escape

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../src/demo/elearning/resources')

NS = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"')
XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
EMU = 914400  # per inch
SLIDE_W, SLIDE_H = 12192000, 6858000  # 13.333 x 7.5 in (16:9)
EMPTY_PARAGRAPH = '<a:p><a:endParaRPr lang="en-GB" dirty="0"/></a:p>'

TEAL, TEAL_DARK, TEAL_LIGHT = '0F766E', '115E59', 'CCFBF1'
INK, GREY, WHITE = '1F2937', '6B7280', 'FFFFFF'
AMBER, RED_LIGHT, RED, GREEN_LIGHT, GREEN = 'F59E0B', 'FFE4E6', 'BE123C', 'DCFCE7', '15803D'


# ---- DrawingML helpers ------------------------------------------------------------------------

def run(text, size=18, bold=False, italic=False, colour=INK):
    attrs = f'lang="en-GB" sz="{int(size * 100)}"' + (' b="1"' if bold else '') + (' i="1"' if italic else '')
    return (f'<a:r><a:rPr {attrs} dirty="0"><a:solidFill><a:srgbClr val="{colour}"/></a:solidFill></a:rPr>'
            f'<a:t>{escape(text)}</a:t></a:r>')


def para(runs, bullet=False, align='l', space_after=6, bullet_colour=TEAL):
    spc = f'<a:spcAft><a:spcPts val="{space_after * 100}"/></a:spcAft>'
    if bullet:
        ppr = (f'<a:pPr marL="342900" indent="-342900" algn="{align}">{spc}'
               f'<a:buClr><a:srgbClr val="{bullet_colour}"/></a:buClr>'
               '<a:buFont typeface="Arial"/><a:buChar char="&#8226;"/></a:pPr>')
    else:
        ppr = f'<a:pPr marL="0" indent="0" algn="{align}">{spc}<a:buNone/></a:pPr>'
    return f'<a:p>{ppr}{runs}</a:p>'


class Slide:
    def __init__(self):
        self.shapes = []
        self.next_id = 2

    def shape(self, x, y, w, h, paragraphs='', fill=None, geom='rect', anchor='t', ph=None, line=None,
              inset=0.1):
        sid = self.next_id
        self.next_id += 1
        if ph:
            nv = (f'<p:nvSpPr><p:cNvPr id="{sid}" name="Title {sid}"/>'
                  f'<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="{ph}"/></p:nvPr></p:nvSpPr>')
        else:
            kind = ' txBox="1"' if paragraphs and not fill else ''
            nv = (f'<p:nvSpPr><p:cNvPr id="{sid}" name="Shape {sid}"/><p:cNvSpPr{kind}/><p:nvPr/></p:nvSpPr>')
        fill_xml = f'<a:solidFill><a:srgbClr val="{fill}"/></a:solidFill>' if fill else '<a:noFill/>'
        line_xml = (f'<a:ln w="19050"><a:solidFill><a:srgbClr val="{line}"/></a:solidFill></a:ln>' if line
                    else '<a:ln><a:noFill/></a:ln>')
        ins = int(inset * EMU)
        body = (f'<p:txBody><a:bodyPr wrap="square" lIns="{ins}" tIns="{ins // 2}" rIns="{ins}" bIns="{ins // 2}" '
                f'anchor="{anchor}" rtlCol="0"><a:noAutofit/></a:bodyPr><a:lstStyle/>'
                f'{paragraphs or EMPTY_PARAGRAPH}</p:txBody>')
        self.shapes.append(
            f'<p:sp>{nv}<p:spPr><a:xfrm><a:off x="{int(x * EMU)}" y="{int(y * EMU)}"/>'
            f'<a:ext cx="{int(w * EMU)}" cy="{int(h * EMU)}"/></a:xfrm>'
            f'<a:prstGeom prst="{geom}"><a:avLst/></a:prstGeom>{fill_xml}{line_xml}</p:spPr>{body}</p:sp>')

    def xml(self, background=WHITE):
        return (f'{XML}<p:sld {NS}><p:cSld><p:bg><p:bgPr><a:solidFill><a:srgbClr val="{background}"/></a:solidFill>'
                '<a:effectLst/></p:bgPr></p:bg><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/>'
                '<p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/>'
                '<a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>'
                f'{"".join(self.shapes)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>')


def content_slide(title, number):
    s = Slide()
    s.shape(0, 0, 13.333, 1.2, fill=TEAL)
    s.shape(0.55, 0.15, 12.2, 0.9, para(run(title, 32, bold=True, colour=WHITE)), anchor='ctr', ph='title')
    s.shape(0, 1.2, 13.333, 0.08, fill=AMBER)
    s.shape(0.55, 7.0, 9, 0.4, para(run('MedEnglish  ·  Presenting a patient case in English', 11, colour=GREY)))
    s.shape(11.8, 7.0, 1.0, 0.4, para(run(str(number), 11, colour=GREY), align='r'))
    return s


# ---- The six slides ---------------------------------------------------------------------------

slides = []

# 1. Title
s = Slide()
s.shape(8.6, -1.2, 6.0, 6.0, fill=TEAL_DARK, geom='ellipse')
s.shape(-1.5, 5.2, 4.0, 4.0, fill=TEAL_DARK, geom='ellipse')
s.shape(9.3, 1.6, 3.0, 1.5, para(run('“In summary…”', 24, bold=True, italic=True, colour=TEAL), align='ctr',
                                  space_after=0), fill=WHITE, geom='wedgeRoundRectCallout', anchor='ctr')
s.shape(10.2, 3.5, 2.4, 1.2, para(run('“On examination…”', 16, bold=True, italic=True, colour=INK), align='ctr',
                                  space_after=0), fill=AMBER, geom='wedgeRoundRectCallout', anchor='ctr')
s.shape(0.8, 2.0, 8.2, 2.0, para(run('Presenting a patient case in English', 44, bold=True, colour=WHITE)),
        anchor='b', ph='title')
s.shape(0.8, 4.1, 8.2, 1.4,
        para(run('Structure, key phrases and common pitfalls', 24, colour=TEAL_LIGHT), space_after=12)
        + para(run('S3 – Groupe A  ·  MedEnglish group resource', 16, colour=WHITE)))
slides.append(s.xml(background=TEAL))

# 2. Structure
s = content_slide('The structure of a case presentation', 2)
steps = [
    ('Identification', 'name, age, occupation; when and why the patient was admitted'),
    ('Presenting complaint and its history', 'what, since when, how it has changed (SOCRATES for pain)'),
    ('Past medical and surgical history', 'relevant conditions and operations'),
    ('Drug history and allergies', 'current medication and doses; allergies and the reaction'),
    ('Family and social history', 'smoking, alcohol, home situation, independence'),
    ('Examination and investigations', 'key positive and negative findings; results'),
    ('Summary and plan', 'one-sentence summary, differential diagnosis, management plan'),
]
for i, (label, detail) in enumerate(steps):
    y = 1.55 + i * 0.76
    s.shape(0.8, y, 0.56, 0.56, para(run(str(i + 1), 18, bold=True, colour=WHITE), align='ctr', space_after=0),
            fill=TEAL, geom='ellipse', anchor='ctr', inset=0)
    s.shape(1.6, y - 0.02, 11.2, 0.62,
            para(run(label, 20, bold=True) + run('  –  ' + detail, 17, colour=GREY), space_after=0), anchor='ctr')
slides.append(s.xml())

# 3. Key phrases
s = content_slide('Key phrases, section by section', 3)
phrases = [
    ('Opening', 'Mr Smith is a 67-year-old retired teacher who presented to the Emergency Department with '
                'a two-day history of…'),
    ('History', 'The pain started suddenly while he was… It radiates to… and is made worse by…'),
    ('Background', 'His past medical history includes… He takes… He has no known drug allergies.'),
    ('Social', 'He lives with his wife and is independent. He is an ex-smoker with a 30 pack-year history.'),
    ('Examination', 'On examination, he was alert, afebrile and haemodynamically stable. His chest was clear.'),
    ('Investigations', 'Bloods showed a raised CRP of 120. The chest X-ray was unremarkable.'),
    ('Summary', 'In summary, this is… The most likely diagnosis is… My plan would be to…'),
]
s.shape(0.7, 1.5, 12.0, 4.3, ''.join(
    para(run(label + ':  ', 19, bold=True, colour=TEAL) + run('“' + text + '”', 19, italic=True), bullet=True,
         space_after=10)
    for label, text in phrases))
s.shape(0.8, 5.75, 11.8, 1.05,
        para(run('Pain? Think SOCRATES:  ', 16, bold=True, colour='92400E')
             + run('Site, Onset, Character, Radiation, Associated symptoms, Time course, '
                   'Exacerbating and relieving factors, Severity (0–10).', 16), space_after=0),
        fill='FEF3C7', geom='roundRect', anchor='ctr', inset=0.25)
slides.append(s.xml())

# 4. Example
s = content_slide('An example (about one minute)', 4)
example = [
    ('Who and why', 'Mrs Anne Martin is a 58-year-old accountant who presented this morning with a three-hour '
                    'history of central crushing chest pain radiating to her left arm, with sweating and nausea.'),
    ('Background', 'She has hypertension and type 2 diabetes, for which she takes ramipril and metformin. '
                   'No known drug allergies. She smokes 15 cigarettes a day.'),
    ('Examination', 'She was pale and sweaty. Heart rate 98, blood pressure 150 over 90, saturations 97 per cent '
                    'on air. Heart sounds were normal and her chest was clear.'),
    ('Investigations', 'Her ECG showed ST elevation in leads II, III and aVF.'),
    ('Summary and plan', 'In summary, this is a 58-year-old woman with cardiovascular risk factors presenting '
                         'with an inferior STEMI. She has had aspirin, and I have referred her to cardiology '
                         'for primary PCI.'),
]
for i, (label, text) in enumerate(example):
    y = 1.5 + i * 1.07
    s.shape(0.7, y, 2.5, 0.95, para(run(label, 16, bold=True, colour=WHITE), space_after=0), fill=TEAL,
            geom='roundRect', anchor='ctr')
    s.shape(3.35, y, 9.3, 0.95, para(run(text, 16), space_after=0), fill='F1F5F9', geom='roundRect', anchor='ctr')
slides.append(s.xml())

# 5. Common mistakes of French speakers
s = content_slide('Common mistakes of French speakers', 5)
s.shape(0.9, 1.45, 5.5, 0.5, para(run('Avoid', 18, bold=True, colour=RED), space_after=0), anchor='ctr')
s.shape(6.9, 1.45, 5.5, 0.5, para(run('Say', 18, bold=True, colour=GREEN), space_after=0), anchor='ctr')
mistakes = [
    ('She has 58 years.', 'She is 58.  /  a 58-year-old woman'),
    ('He presents a chest pain.', 'He presents with chest pain.'),
    ('Her tension is 150/90.', 'Her blood pressure is 150 over 90.'),
    ('An important bleeding', 'Heavy / significant bleeding'),
    ('Actually, he is stable.', 'At the moment, he is stable.'),
    ('He did an infarct in 2019.', 'He had a heart attack (an MI) in 2019.'),
]
for i, (bad, good) in enumerate(mistakes):
    y = 2.0 + i * 0.8
    s.shape(0.8, y, 5.7, 0.66, para(run(bad, 18, colour=RED), space_after=0), fill=RED_LIGHT, geom='roundRect',
            anchor='ctr', inset=0.2)
    s.shape(6.6, y + 0.13, 0.3, 0.4, fill=AMBER, geom='rightArrow')
    s.shape(7.0, y, 5.7, 0.66, para(run(good, 18, bold=True, colour=GREEN), space_after=0), fill=GREEN_LIGHT,
            geom='roundRect', anchor='ctr', inset=0.2)
slides.append(s.xml())

# 6. Delivering it well
s = content_slide('Delivering it well', 6)
tips = [
    'Keep it short: two to three minutes, in the order your listener expects.',
    'Start with a one-line headline: who, how old, and what the problem is.',
    'Past simple for what happened (“was admitted”, “had”), present for now (“is stable”).',
    'Signpost the sections: “Moving on to the examination…”, “In terms of investigations…”.',
    'Say numbers aloud correctly: “one hundred and fifty over ninety”, “ST elevation in two, three and aVF”.',
    'End with a clear question: “Could you review her today?” “Would you be happy for me to…?”',
]
s.shape(0.7, 1.6, 12.0, 5.2, ''.join(para(run(t, 20), bullet=True, space_after=14) for t in tips))
slides.append(s.xml())


# ---- Package parts ----------------------------------------------------------------------------

def rels(items):
    return (f'{XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + ''.join(f'<Relationship Id="{i}" Type="{t}" Target="{g}"/>' for i, t, g in items)
            + '</Relationships>')


R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
CT = 'application/vnd.openxmlformats-officedocument.presentationml.'

content_types = (
    f'{XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/ppt/presentation.xml" ContentType="{CT}presentation.main+xml"/>'
    f'<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="{CT}slideMaster+xml"/>'
    f'<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="{CT}slideLayout+xml"/>'
    + ''.join(f'<Override PartName="/ppt/slides/slide{i + 1}.xml" ContentType="{CT}slide+xml"/>'
              for i in range(len(slides)))
    + '<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>'
    f'<Override PartName="/ppt/presProps.xml" ContentType="{CT}presProps+xml"/>'
    f'<Override PartName="/ppt/viewProps.xml" ContentType="{CT}viewProps+xml"/>'
    f'<Override PartName="/ppt/tableStyles.xml" ContentType="{CT}tableStyles+xml"/>'
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
    '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
    '</Types>')

root_rels = rels([
    ('rId1', R + 'officeDocument', 'ppt/presentation.xml'),
    ('rId2', 'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
     'docProps/core.xml'),
    ('rId3', R + 'extended-properties', 'docProps/app.xml'),
])

core = (f'{XML}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">'
        '<dc:title>Presenting a patient case in English</dc:title><dc:creator>MedEnglish</dc:creator>'
        '<dc:language>en-GB</dc:language>'
        '<dcterms:created xsi:type="dcterms:W3CDTF">2025-01-06T09:00:00Z</dcterms:created>'
        '<dcterms:modified xsi:type="dcterms:W3CDTF">2025-01-06T09:00:00Z</dcterms:modified>'
        '</cp:coreProperties>')

app = (f'{XML}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
       f'<Application>MedEnglish demo generator</Application><Slides>{len(slides)}</Slides>'
       '<PresentationFormat>Widescreen</PresentationFormat></Properties>')

presentation = (
    f'{XML}<p:presentation {NS} saveSubsetFonts="1">'
    '<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>'
    '<p:sldIdLst>' + ''.join(f'<p:sldId id="{256 + i}" r:id="rId{10 + i}"/>' for i in range(len(slides)))
    + '</p:sldIdLst>'
    f'<p:sldSz cx="{SLIDE_W}" cy="{SLIDE_H}"/><p:notesSz cx="6858000" cy="9144000"/>'
    '<p:defaultTextStyle><a:lvl1pPr marL="0" algn="l" defTabSz="914400"><a:defRPr sz="1800" kern="1200">'
    '<a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/>'
    '<a:cs typeface="+mn-cs"/></a:defRPr></a:lvl1pPr></p:defaultTextStyle></p:presentation>')

presentation_rels = rels(
    [('rId1', R + 'slideMaster', 'slideMasters/slideMaster1.xml'),
     ('rId2', R + 'theme', 'theme/theme1.xml'),
     ('rId3', R + 'presProps', 'presProps.xml'),
     ('rId4', R + 'viewProps', 'viewProps.xml'),
     ('rId5', R + 'tableStyles', 'tableStyles.xml')]
    + [(f'rId{10 + i}', R + 'slide', f'slides/slide{i + 1}.xml') for i in range(len(slides))])

pres_props = f'{XML}<p:presentationPr {NS}/>'
view_props = (f'{XML}<p:viewPr {NS}><p:normalViewPr><p:restoredLeft sz="15620"/><p:restoredTop sz="94660"/>'
              '</p:normalViewPr><p:gridSpacing cx="76200" cy="76200"/></p:viewPr>')
table_styles = (f'{XML}<a:tblStyleLst xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
                'def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"/>')

SP_TREE_START = ('<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
                 '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/>'
                 '<a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>')


def placeholder(sid, name, ph, x, y, w, h, extra=''):
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr>'
            f'<p:nvPr><p:ph type="{ph}"{extra}/></p:nvPr></p:nvSpPr><p:spPr><a:xfrm>'
            f'<a:off x="{x}" y="{y}"/><a:ext cx="{w}" cy="{h}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/>'
            '</a:prstGeom></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="en-GB"/></a:p>'
            '</p:txBody></p:sp>')


def level_style(tag, size, bold=False, bullet=False):
    bu = ('<a:buFont typeface="Arial"/><a:buChar char="&#8226;"/>' if bullet else '<a:buNone/>')
    mar = ' marL="342900" indent="-342900"' if bullet else ' marL="0" indent="0"'
    return (f'<{tag}><a:lvl1pPr{mar} algn="l">{bu}<a:defRPr sz="{size}"' + (' b="1"' if bold else '')
            + ' kern="1200"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/>'
            f'<a:ea typeface="+mn-ea"/><a:cs typeface="+mn-cs"/></a:defRPr></a:lvl1pPr></{tag}>')


master = (
    f'{XML}<p:sldMaster {NS}><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>'
    + SP_TREE_START
    + placeholder(2, 'Title Placeholder 1', 'title', 502920, 228600, 11186160, 1005840)
    + placeholder(3, 'Text Placeholder 2', 'body', 502920, 1554480, 11186160, 4800600, ' idx="1"')
    + '</p:spTree></p:cSld>'
    '<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" '
    'accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>'
    '<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>'
    '<p:txStyles>' + level_style('p:titleStyle', 3200, bold=True) + level_style('p:bodyStyle', 2000, bullet=True)
    + level_style('p:otherStyle', 1800) + '</p:txStyles></p:sldMaster>')

master_rels = rels([('rId1', R + 'slideLayout', '../slideLayouts/slideLayout1.xml'),
                    ('rId2', R + 'theme', '../theme/theme1.xml')])

layout = (f'{XML}<p:sldLayout {NS} type="titleOnly" preserve="1"><p:cSld name="Title Only">' + SP_TREE_START
          + placeholder(2, 'Title 1', 'title', 502920, 228600, 11186160, 1005840)
          + '</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>')
layout_rels = rels([('rId1', R + 'slideMaster', '../slideMasters/slideMaster1.xml')])
slide_rels = rels([('rId1', R + 'slideLayout', '../slideLayouts/slideLayout1.xml')])


def solid(c):
    return f'<a:solidFill><a:srgbClr val="{c}"/></a:solidFill>'


theme = (
    f'{XML}<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="MedEnglish">'
    '<a:themeElements><a:clrScheme name="MedEnglish">'
    '<a:dk1><a:srgbClr val="1F2937"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1>'
    '<a:dk2><a:srgbClr val="115E59"/></a:dk2><a:lt2><a:srgbClr val="F1F5F9"/></a:lt2>'
    '<a:accent1><a:srgbClr val="0F766E"/></a:accent1><a:accent2><a:srgbClr val="F59E0B"/></a:accent2>'
    '<a:accent3><a:srgbClr val="4338CA"/></a:accent3><a:accent4><a:srgbClr val="BE123C"/></a:accent4>'
    '<a:accent5><a:srgbClr val="15803D"/></a:accent5><a:accent6><a:srgbClr val="B45309"/></a:accent6>'
    '<a:hlink><a:srgbClr val="0E7490"/></a:hlink><a:folHlink><a:srgbClr val="6D28D9"/></a:folHlink>'
    '</a:clrScheme><a:fontScheme name="MedEnglish">'
    '<a:majorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont>'
    '<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont>'
    '</a:fontScheme><a:fmtScheme name="MedEnglish"><a:fillStyleLst>'
    + '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>' * 3
    + '</a:fillStyleLst><a:lnStyleLst>'
    + ''.join(f'<a:ln w="{w}"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill></a:ln>'
              for w in (6350, 12700, 19050))
    + '</a:lnStyleLst><a:effectStyleLst>' + '<a:effectStyle><a:effectLst/></a:effectStyle>' * 3
    + '</a:effectStyleLst><a:bgFillStyleLst>' + '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>' * 3
    + '</a:bgFillStyleLst></a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>')

parts = [
    ('[Content_Types].xml', content_types),
    ('_rels/.rels', root_rels),
    ('docProps/core.xml', core),
    ('docProps/app.xml', app),
    ('ppt/presentation.xml', presentation),
    ('ppt/_rels/presentation.xml.rels', presentation_rels),
    ('ppt/presProps.xml', pres_props),
    ('ppt/viewProps.xml', view_props),
    ('ppt/tableStyles.xml', table_styles),
    ('ppt/theme/theme1.xml', theme),
    ('ppt/slideMasters/slideMaster1.xml', master),
    ('ppt/slideMasters/_rels/slideMaster1.xml.rels', master_rels),
    ('ppt/slideLayouts/slideLayout1.xml', layout),
    ('ppt/slideLayouts/_rels/slideLayout1.xml.rels', layout_rels),
]
for i, xml in enumerate(slides):
    parts.append((f'ppt/slides/slide{i + 1}.xml', xml))
    parts.append((f'ppt/slides/_rels/slide{i + 1}.xml.rels', slide_rels))

# ---- Thumbnail: a presentation screen with a chart, and a speaker's speech bubble ------------

THUMB = """<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360" role="img" aria-label="Case presentation slides">
<rect width="640" height="360" fill="#fef3c7"/>
<path d="M300 250l-50 90M340 250l50 90M320 250v90" stroke="#78350f" stroke-width="10" stroke-linecap="round"/>
<rect x="120" y="40" width="400" height="220" rx="12" fill="#0f766e"/>
<rect x="140" y="60" width="360" height="180" rx="6" fill="#ffffff"/>
<rect x="140" y="60" width="360" height="40" rx="6" fill="#ccfbf1"/>
<path d="M160 80h150" stroke="#0f766e" stroke-width="10" stroke-linecap="round"/>
<g fill="#f59e0b"><rect x="170" y="180" width="36" height="40"/><rect x="222" y="150" width="36" height="70"/><rect x="274" y="125" width="36" height="95"/></g>
<path d="M346 130h130M346 160h110M346 190h124" stroke="#cbd5e1" stroke-width="9" stroke-linecap="round"/>
<circle cx="560" cy="250" r="30" fill="#be123c"/>
<path d="M520 360c0-50 18-70 40-70s40 20 40 70z" fill="#be123c"/>
<path d="M530 240l-28-40" stroke="#78350f" stroke-width="6" stroke-linecap="round"/>
</svg>
"""

os.makedirs(OUT, exist_ok=True)
pptx_path = os.path.join(OUT, 'presenting-a-case.pptx')
with zipfile.ZipFile(pptx_path, 'w', zipfile.ZIP_DEFLATED) as z:
    for name, data in parts:
        info = zipfile.ZipInfo(name, date_time=(2025, 1, 6, 9, 0, 0))  # fixed date: same bytes on every run
        info.compress_type = zipfile.ZIP_DEFLATED
        z.writestr(info, data.encode('utf-8'))
with open(os.path.join(OUT, 'presenting-a-case.svg'), 'w', encoding='utf-8') as f:
    f.write(THUMB)
print(f'presenting-a-case.pptx  {len(slides)} slides  {os.path.getsize(pptx_path)} bytes')
print(f'presenting-a-case.svg  {len(THUMB.encode())} bytes')
